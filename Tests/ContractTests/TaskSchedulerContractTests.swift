import AdapterInMemory
import Ports
import Synchronization
import TaskRuntime
import Testing

/// A scheduler under test, named for the test output.
struct TaskSchedulerFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () -> any TaskScheduler

    var testDescription: String { name }

    /// Every `TaskScheduler` adapter; a new one joins with one line.
    static let all: [TaskSchedulerFactory] = [
        TaskSchedulerFactory(name: "CountingTaskScheduler") { CountingTaskScheduler(activity: VirtualActivity()) }
    ]
}

/// The `TaskScheduler` port's contract, for every adapter.
@Suite("TaskScheduler contract")
struct TaskSchedulerContractTests {
    @Test(arguments: TaskSchedulerFactory.all)
    func value_deliversTheResultToEveryJoiner(_ factory: TaskSchedulerFactory) async {
        let scheduler = factory.make()
        let spawned = scheduler.spawn { 42 }

        async let first = spawned.value
        async let second = spawned.value
        let late = await spawned.value

        #expect(await first == 42)
        #expect(await second == 42)
        #expect(late == 42)
        #expect(spawned.isFinished)
    }

    @Test(arguments: TaskSchedulerFactory.all)
    func cancel_isSeenByTheOperationWhichStillDeliversItsResult(_ factory: TaskSchedulerFactory) async {
        let scheduler = factory.make()
        let clock = ManualClock()
        let spawned = scheduler.spawn { () -> String in
            do {
                try await clock.sleep(for: .seconds(3600))
                return "woke"
            } catch {
                return Task.isCancelled ? "cancelled" : "other"
            }
        }
        await clock.waitForSleepers()

        spawned.cancel()

        #expect(await spawned.value == "cancelled")
    }

    @Test(arguments: TaskSchedulerFactory.all)
    func promise_deliversTheFirstValueToEveryWaiterPresentAndFuture(_ factory: TaskSchedulerFactory) async {
        let scheduler = factory.make()
        let promise = scheduler.makePromise(of: String.self)
        let early = scheduler.spawn { await promise.value }
        let alsoEarly = scheduler.spawn { await promise.value }

        promise.complete(with: "first")
        promise.complete(with: "second")

        #expect(await early.value == "first")
        #expect(await alsoEarly.value == "first")
        #expect(await promise.value == "first", "a waiter after completion gets the value at once")
    }

    @Test(arguments: TaskSchedulerFactory.all)
    func isFinished_isFalseWhileTheOperationRunsAndTrueOnceItHasFinished(_ factory: TaskSchedulerFactory) async {
        let scheduler = factory.make()
        let release = scheduler.makePromise(of: Void.self)
        let spawned = scheduler.spawn { await release.value }

        #expect(!spawned.isFinished)
        release.complete(with: ())
        await spawned.value
        #expect(spawned.isFinished)
    }

    @Test(arguments: TaskSchedulerFactory.all)
    func parkingCounter_countsTheSchedulersOwnTasksOnly(_ factory: TaskSchedulerFactory) async {
        let scheduler = factory.make()
        guard let counter = scheduler.parkingCounter else { return }
        let countedInside = scheduler.spawn { () -> Bool in
            let counted = counter.willPark()
            // Resumed at once: its resumer tells the counter first, as the rules say.
            if counted { counter.willResume(1) }
            return counted
        }

        #expect(await countedInside.value, "a task the scheduler started is counted as it parks")
        #expect(!counter.willPark(), "code outside the scheduler's tasks is not counted")
    }
}

/// `VirtualActivity`: the exact settle rule of the script runner — idle means every
/// counted task has finished or is waiting on the clock, a hang, or work that is.
@Suite("VirtualActivity settle rule")
struct VirtualActivityTests {
    private final class Flags: Sendable {
        private let done = Mutex<[String]>([])
        func mark(_ name: String) { done.withLock { $0.append(name) } }
        var marked: [String] { done.withLock { $0 } }
    }

    @Test func idle_whenEveryTaskHasFinished() async {
        let activity = VirtualActivity()
        let scheduler = CountingTaskScheduler(activity: activity)
        let flags = Flags()
        for index in 0..<50 {
            _ = scheduler.spawn { flags.mark("task \(index)") }
        }

        await activity.waitUntilIdle()

        #expect(flags.marked.count == 50)
        #expect(activity.runnableCount == 0)
    }

    @Test func idle_whileATaskSleepsOnTheClock_andBusyAgainOnceWoken() async {
        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let scheduler = CountingTaskScheduler(activity: activity)
        let flags = Flags()
        _ = scheduler.spawn {
            flags.mark("before")
            try? await clock.sleep(for: .seconds(10))
            flags.mark("after")
        }

        await activity.waitUntilIdle()
        #expect(flags.marked == ["before"])
        #expect(clock.sleeperCount == 1)

        clock.advance(by: .seconds(10))
        await activity.waitUntilIdle()
        #expect(flags.marked == ["before", "after"])
    }

    @Test func idle_whenATaskJoinsWorkThatSleeps_andBothRunOnWake() async {
        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let scheduler = CountingTaskScheduler(activity: activity)
        let flags = Flags()
        _ = scheduler.spawn {
            let inner = scheduler.spawn { () -> Int in
                try? await clock.sleep(for: .seconds(5))
                flags.mark("inner")
                return 7
            }
            let value = await inner.value
            flags.mark("outer \(value)")
        }

        await activity.waitUntilIdle()
        #expect(flags.marked.isEmpty)

        clock.advance(by: .seconds(5))
        await activity.waitUntilIdle()
        #expect(flags.marked == ["inner", "outer 7"])
    }

    @Test func idle_whileARequestHangs_andTheRequestRunsOnceReleased() async throws {
        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let scheduler = CountingTaskScheduler(activity: activity)
        let backend = InMemoryBackend(clock: clock, activity: activity)
        await backend.addFault(InMemoryBackend.Fault(route: BackendRoute.health, mode: .hang))
        let probe = InMemoryHealthProbe(backend: backend)
        let flags = Flags()
        _ = scheduler.spawn {
            let health = try? await probe.check()
            flags.mark("answered \(health == .healthy)")
        }

        await activity.waitUntilIdle()
        #expect(flags.marked.isEmpty)
        #expect(await backend.hangingRequestCount == 1)

        await backend.releaseHangingRequests()
        await activity.waitUntilIdle()
        #expect(flags.marked == ["answered true"])
    }

    @Test func idle_whileATaskParksThroughTheSchedulersParkingCounter_andBusyAgainOnceResumed() async {
        let activity = VirtualActivity()
        let scheduler = CountingTaskScheduler(activity: activity)
        let parked = Mutex<(continuation: UnsafeContinuation<Void, Never>, counted: Bool)?>(nil)
        let flags = Flags()
        _ = scheduler.spawn {
            flags.mark("before")
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                parked.withLock { $0 = (continuation, scheduler.parkingCounter?.willPark() ?? false) }
            }
            flags.mark("after")
        }

        await activity.waitUntilIdle()
        #expect(flags.marked == ["before"])
        let waiter = parked.withLock { $0.take() }
        #expect(waiter?.counted == true)

        if let waiter {
            scheduler.parkingCounter?.willResume(1)
            waiter.continuation.resume()
        }
        await activity.waitUntilIdle()
        #expect(flags.marked == ["before", "after"])
        #expect(activity.liveTaskCount == 0)
    }

    @Test func idle_afterACancelledSleeperHasRun() async {
        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let scheduler = CountingTaskScheduler(activity: activity)
        let flags = Flags()
        let sleeper = scheduler.spawn {
            do {
                try await clock.sleep(for: .seconds(60))
            } catch {
                flags.mark("cancelled")
            }
        }
        await activity.waitUntilIdle()

        sleeper.cancel()
        await activity.waitUntilIdle()

        #expect(flags.marked == ["cancelled"])
        #expect(clock.sleeperCount == 0)
    }
}
