import Dispatch

/// Where the adapter makes the URLSession calls that wait for URLSession's
/// own queue: making and starting a task, cancelling one, cancelling an
/// authentication challenge, invalidating a session.
///
/// On Linux each of them waits for the one serial queue every URLSession
/// shares, and the calling thread is blocked meanwhile. Made on
/// `DispatchQueue.global()` they blocked threads of the very pool Swift's
/// tasks run on (libdispatch's default-QoS root queue): libdispatch then
/// adds threads to that pool to keep the cores busy, and keeps them for
/// seconds after the last HTTP call. Every task the app runs meanwhile —
/// in memory as much as over HTTP — was spread over a dozen threads on two
/// cores, and a storm of tasks waiting for the token manager's admission
/// line took twice as long (docs/benchmarks.md, "The capped storm after
/// the HTTP storms").
///
/// This queue is serial, so libdispatch runs it on its overcommit pool,
/// apart from Swift's: an HTTP call blocks one thread of that pool at
/// most, and no thread Swift's tasks need. Nothing is lost by making the
/// calls one at a time: each waits for URLSession's one queue anyway.
enum URLSessionCalls {
    private static let queue = DispatchQueue(label: "gatehouse.http.urlsession-calls")

    /// Runs `call` on the queue, after every call sent before it.
    static func run(_ call: @escaping @Sendable () -> Void) {
        queue.async(execute: call)
    }
}
