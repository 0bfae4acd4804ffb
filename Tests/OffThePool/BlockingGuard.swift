import Foundation
public import Testing

/// Fails the running test when `blocking` is about to block a thread that
/// Swift's tasks need: a thread of the cooperative pool (on a two-core
/// machine, one of two), or the main thread the main actor runs on. A test
/// that blocks one there while a child process starts, or a terminal
/// draws, stalls every test beside it: on a loaded machine both pool
/// threads were held for minutes, and calls with a two-minute deadline
/// beside them timed out before they were even sent. Call it first in
/// every helper that blocks; `offThePool` is where such work goes.
///
/// libdispatch names each thread after the root queue it serves, and Swift
/// runs its tasks on the root queues that do not overcommit (their names
/// end in `-qos`; the kernel keeps 15 characters of a thread's name). A
/// thread inherits its maker's name on Linux, so a bare `Thread` started
/// from a test may be taken for the pool: `offThePool` marks its own. Where
/// the pool's threads carry no such name (not seen on Linux), only the main
/// thread is told.
public func expectOffThePool(
    _ blocking: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
) {
    if Thread.isMainThread {
        Issue.record("\(blocking()) blocks the main thread: wrap it in offThePool", sourceLocation: sourceLocation)
    } else if isOnAThreadOfThePool() {
        Issue.record(
            "\(blocking()) blocks a thread of Swift's cooperative pool (\(Thread.current.name ?? "")): wrap it in offThePool",
            sourceLocation: sourceLocation)
    }
}

/// Whether the calling thread is one of Swift's cooperative pool, told by
/// the name libdispatch gives it (see `expectOffThePool`).
public func isOnAThreadOfThePool() -> Bool {
    guard let name = Thread.current.name else { return false }
    return !isOffThePoolThread && name.hasSuffix("-qos")
}
