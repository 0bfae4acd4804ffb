import SimulatedBackend
import Ports
import Synchronization
import TaskRuntime
import VirtualTime
import Testing

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
