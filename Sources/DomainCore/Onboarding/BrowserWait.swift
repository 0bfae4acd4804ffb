import Foundation
import Ports

/// A wait for the person in the browser — a sign-in to complete, a logout
/// to confirm: an operation raced against a deadline on the clock and
/// against `cancel()` (or the waiting caller's own cancellation); whichever
/// loses is cancelled. One wait at a time; the owner's `cancel` ends the
/// one under way.
@MainActor
final class BrowserWait {
    /// How a wait ended.
    enum Outcome<Value: Sendable, Failure: Error>: Sendable {
        /// The operation finished first (with its result).
        case finished(Result<Value, Failure>)
        /// The deadline passed first.
        case timedOut
        /// `cancel()`, or the caller's cancellation, came first.
        case cancelled
    }

    private let clock: any Clock
    private let scheduler: any TaskScheduler
    /// Ends the wait under way, if any, as cancelled.
    private var stopWaiting: (@MainActor () -> Void)?

    /// - Parameters:
    ///   - clock: the deadline is on it.
    ///   - scheduler: runs the operation and the timer, so either can end the wait.
    init(clock: any Clock, scheduler: any TaskScheduler) {
        self.clock = clock
        self.scheduler = scheduler
    }

    /// Runs `operation` (none: only waits) until it finishes, `deadline`
    /// passes on the clock, or the wait is cancelled.
    func run<Value: Sendable, Failure: Error>(
        until deadline: Date, for operation: (@Sendable () async throws(Failure) -> Value)?
    ) async -> Outcome<Value, Failure> {
        let outcome = scheduler.makePromise(of: Outcome<Value, Failure>.self)
        let work = operation.map { operation in
            scheduler.spawn {
                do throws(Failure) {
                    outcome.complete(with: .finished(.success(try await operation())))
                } catch {
                    outcome.complete(with: .finished(.failure(error)))
                }
            }
        }
        let timer = scheduler.spawn { [clock] in
            // A cancelled timer (the operation won) does nothing.
            guard (try? await clock.sleep(until: deadline)) != nil, !Task.isCancelled else { return }
            outcome.complete(with: .timedOut)
        }
        stopWaiting = { outcome.complete(with: .cancelled) }
        let result = await withTaskCancellationHandler {
            await outcome.value
        } onCancel: {
            outcome.complete(with: .cancelled)
        }
        stopWaiting = nil
        work?.cancel()
        timer.cancel()
        return result
    }

    /// Ends the wait under way, if any, as cancelled.
    func cancel() {
        stopWaiting?()
        stopWaiting = nil
    }
}
