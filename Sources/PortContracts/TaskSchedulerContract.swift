public import Ports
public import Testing

/// The `TaskScheduler` port's contract (its doc comment, and those of
/// `TaskHandle` and `Promise`), one promise per case of `Promise`, checked
/// on schedulers a test target makes. Nothing sleeps: an operation that
/// must wait waits on the scheduler's own promise, or for its cancellation;
/// so a scheduler that never delivers hangs its check — run the checks
/// under a time limit (`.timeLimit`) to see that as a failure.
public enum TaskSchedulerContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A spawned task's value reaches every joiner, early and late.
        case valueReachesEveryJoiner
        /// A cancelled task sees the cancellation and still delivers its result.
        case cancelledTaskStillDeliversItsResult
        /// A promise delivers its first value to every waiter, present and future.
        case promiseDeliversItsFirstValueToEveryWaiter
        /// `isFinished` is false while the operation runs and true once it has finished.
        case isFinishedFollowsTheOperation
        /// A parking counter counts the scheduler's own tasks only.
        case parkingCounterCountsItsOwnTasksOnly

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .valueReachesEveryJoiner: "a spawned task's value reaches every joiner, early and late"
            case .cancelledTaskStillDeliversItsResult:
                "a cancelled task sees the cancellation and still delivers its result"
            case .promiseDeliversItsFirstValueToEveryWaiter:
                "a promise delivers its first value to every waiter, present and future"
            case .isFinishedFollowsTheOperation:
                "isFinished is false while the operation runs and true once it has finished"
            case .parkingCounterCountsItsOwnTasksOnly: "a parking counter counts the scheduler's own tasks only"
            }
        }
    }

    /// Checks `promise` on a scheduler from `makeScheduler`. A broken
    /// promise is recorded as a test issue; the parking counter's promise
    /// on a scheduler that counts nothing ends with a warning saying so.
    public static func check(
        _ promise: Promise, on makeScheduler: @Sendable () async throws -> any TaskScheduler,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let scheduler = try await makeScheduler()
        let checks = TaskSchedulerChecks(scheduler: scheduler, sourceLocation: sourceLocation)
        switch promise {
        case .valueReachesEveryJoiner: await checks.valueReachesEveryJoiner()
        case .cancelledTaskStillDeliversItsResult: await checks.cancelledTaskStillDeliversItsResult()
        case .promiseDeliversItsFirstValueToEveryWaiter: await checks.promiseDeliversItsFirstValueToEveryWaiter()
        case .isFinishedFollowsTheOperation: await checks.isFinishedFollowsTheOperation()
        case .parkingCounterCountsItsOwnTasksOnly:
            guard let counter = scheduler.parkingCounter else {
                let comment: Comment = "does not apply: the scheduler counts nothing (parkingCounter is nil)"
                Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
                try Test.cancel(comment, sourceLocation: sourceLocation)
            }
            await checks.parkingCounterCountsItsOwnTasksOnly(counter)
        }
    }
}

/// The checks behind `TaskSchedulerContract`'s promises, on one scheduler.
struct TaskSchedulerChecks {
    let scheduler: any TaskScheduler
    let sourceLocation: SourceLocation

    func valueReachesEveryJoiner() async {
        let spawned = scheduler.spawn { 42 }
        async let first = spawned.value
        async let second = spawned.value
        let late = await spawned.value
        #expect(await first == 42, sourceLocation: sourceLocation)
        #expect(await second == 42, sourceLocation: sourceLocation)
        #expect(late == 42, sourceLocation: sourceLocation)
        #expect(spawned.isFinished, sourceLocation: sourceLocation)
    }

    func cancelledTaskStillDeliversItsResult() async {
        // A stream nobody finishes: iterating it ends only when the task is cancelled.
        let (never, keeper) = AsyncStream<Int>.makeStream()
        let spawned = scheduler.spawn { () -> String in
            for await _ in never {}
            return Task.isCancelled ? "cancelled" : "ended without a cancel"
        }
        spawned.cancel()
        #expect(await spawned.value == "cancelled", sourceLocation: sourceLocation)
        keeper.finish()
    }

    func promiseDeliversItsFirstValueToEveryWaiter() async {
        let promise = scheduler.makePromise(of: String.self)
        let early = scheduler.spawn { await promise.value }
        let alsoEarly = scheduler.spawn { await promise.value }
        promise.complete(with: "first")
        promise.complete(with: "second")
        #expect(await early.value == "first", sourceLocation: sourceLocation)
        #expect(await alsoEarly.value == "first", sourceLocation: sourceLocation)
        #expect(
            await promise.value == "first", "a waiter after completion gets the value at once",
            sourceLocation: sourceLocation)
    }

    func isFinishedFollowsTheOperation() async {
        let release = scheduler.makePromise(of: Void.self)
        let spawned = scheduler.spawn { await release.value }
        #expect(!spawned.isFinished, "while it waits", sourceLocation: sourceLocation)
        release.complete(with: ())
        await spawned.value
        #expect(spawned.isFinished, sourceLocation: sourceLocation)
    }

    func parkingCounterCountsItsOwnTasksOnly(_ counter: any ActivityCounter) async {
        let countedInside = scheduler.spawn { () -> Bool in
            let counted = counter.willPark()
            // Resumed at once: its resumer tells the counter first, as the rules say.
            if counted { counter.willResume(1) }
            return counted
        }
        #expect(
            await countedInside.value, "a task the scheduler started is counted as it parks",
            sourceLocation: sourceLocation)
        #expect(
            !counter.willPark(), "code outside the scheduler's tasks is not counted", sourceLocation: sourceLocation)
    }
}
