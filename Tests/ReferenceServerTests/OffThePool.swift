import Foundation

/// Runs blocking socket work on a thread of its own and waits for it without
/// holding a thread of Swift's cooperative pool: the server answers through
/// async code that needs those threads, and on a two-core machine the pool
/// has two. A test that blocked one while waiting for the server could starve it.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try work() })
        }
        thread.start()
    }
}
