import Ports
import Synchronization
import TaskRuntime
import Testing

/// `CountingTaskScheduler` lets go of what a task's operation captured before
/// it reports the task finished: once a runner has settled, nothing a
/// finished task held (a proactive loop, a token manager) is still alive.
@Suite("CountingTaskScheduler releases a finished task's captures")
struct CountingTaskSchedulerReleaseTests {
    /// Stands for whatever an operation captures.
    private final class Captured: Sendable {
        func touch() -> Int { 1 }
    }

    private struct WeakCaptured: Sendable {
        weak var object: Captured?
    }

    /// Many rounds, because the fault this guards against was a race: the
    /// task reported finished while its closure was still being released.
    @Test func afterSettling_nothingAFinishedTaskCapturedIsAlive() async {
        let activity = VirtualActivity()
        let scheduler = CountingTaskScheduler(activity: activity)
        var stillAlive = 0
        for _ in 0..<2_000 {
            var captured: Captured? = Captured()
            let weak = WeakCaptured(object: captured)
            let handle = scheduler.spawn { [captured] in captured?.touch() ?? 0 }
            captured = nil
            await activity.waitUntilIdle()
            if weak.object != nil { stillAlive += 1 }
            _ = handle
        }
        #expect(stillAlive == 0)
    }

    /// The same when the handle is joined: the joiner gets the value, and the
    /// operation is gone by then.
    @Test func afterJoining_theOperationIsAlreadyReleased() async {
        let scheduler = CountingTaskScheduler(activity: VirtualActivity())
        var stillAlive = 0
        for _ in 0..<2_000 {
            var captured: Captured? = Captured()
            let weak = WeakCaptured(object: captured)
            let handle = scheduler.spawn { [captured] in captured?.touch() ?? 0 }
            captured = nil
            #expect(await handle.value == 1)
            if weak.object != nil { stillAlive += 1 }
        }
        #expect(stillAlive == 0)
    }

    /// What the captured object saw of its task when it was released: nil
    /// until then, then whether the task had already reported its result.
    private final class ReleaseProbe: Sendable {
        let handle = Mutex<(any TaskHandle<Int>)?>(nil)
        let finishedAtRelease = Mutex<Bool?>(nil)
    }

    private final class Reporting: Sendable {
        let probe: ReleaseProbe
        init(probe: ReleaseProbe) { self.probe = probe }
        func touch() -> Int { 1 }
        deinit {
            let finished = probe.handle.withLock { $0?.isFinished }
            probe.finishedAtRelease.withLock { $0 = finished }
        }
    }

    /// The order itself, without a race to lose: the captured object, as it
    /// is released, asks its task whether it has already reported finishing —
    /// it must not have.
    @Test func theOperationIsReleasedBeforeTheTaskReportsItsResult() async {
        let activity = VirtualActivity()
        let scheduler = CountingTaskScheduler(activity: activity)
        let probe = ReleaseProbe()
        let gate = scheduler.makePromise(of: Void.self)
        var captured: Reporting? = Reporting(probe: probe)
        let handle = scheduler.spawn { [captured] in
            await gate.value
            return captured?.touch() ?? 0
        }
        captured = nil
        probe.handle.withLock { $0 = handle }
        gate.complete(with: ())

        #expect(await handle.value == 1)
        await activity.waitUntilIdle()
        // Released by now if the scheduler is right; if not, soon after.
        while probe.finishedAtRelease.withLock({ $0 }) == nil { await Task.yield() }
        #expect(probe.finishedAtRelease.withLock { $0 } == false)
        probe.handle.withLock { $0 = nil }
    }
}
