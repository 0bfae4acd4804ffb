import Foundation

/// The delegate queue of `HTTPTransport`'s sessions: it runs each block at
/// once, on the thread that adds it, instead of queueing it.
///
/// Why: swift-corelibs-foundation reads a body with libcurl on the session's
/// own queue and hands every piece it reads to the delegate queue as a block,
/// without waiting for it. A server that writes faster than those blocks run
/// fills the queue — with every byte it sent — however little the delegate
/// keeps (measured: gigabytes within seconds from a loopback server). Run in
/// place, each piece is counted, and dropped past its limit, before libcurl
/// reads the next one: the reading waits for the counting, as it should.
///
/// What it asks of the delegate (`TransportDelegate`): every method may run on
/// URLSession's queue, so none may wait for that queue — a task's `cancel()`
/// and `resume()` wait for it on Linux, so the delegate and `HTTPExchange`
/// call them only from another thread. URLSession adds a task's blocks from
/// its own serial queue, so they still run one at a time and in order.
///
/// Only with swift-corelibs-foundation (Linux): Apple's URLSession reads no
/// faster than its delegate queue takes the pieces.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    // @unchecked Sendable: restated from OperationQueue, which is
    // @unchecked Sendable itself; this subclass adds no state of its own.

    override init() {
        super.init()
        name = "gatehouse.http.inline-delegate"
    }

    /// How URLSession adds every delegate call (the one form it uses).
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
