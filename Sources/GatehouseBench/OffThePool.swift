import Foundation

/// Runs `work`, which blocks its thread — waiting for a child process to
/// start or end, polling a pseudo-terminal — on a thread of its own, not on
/// Swift's cooperative pool, and waits for it without blocking.
///
/// Why: the pool has one thread per core (two here). `gatehouse-bench` has its own
/// process, but `BenchScenarioShapeTests` run these scenarios inside the test
/// suite, where a child under a sanitizer takes seconds to start: blocking
/// pool threads meanwhile stalled every other test of the process for
/// minutes, past their time limits.
func offThePool<Value: Sendable>(
    _ work: @escaping @Sendable () throws(BenchSetupError) -> Value
) async throws(BenchSetupError) -> Value {
    let outcome: Result<Value, BenchSetupError> = await withCheckedContinuation { continuation in
        let thread = Thread {
            do throws(BenchSetupError) {
                continuation.resume(returning: .success(try work()))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        thread.name = "gatehouse.bench.blocking"
        thread.start()
    }
    return try outcome.get()
}
