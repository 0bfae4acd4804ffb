import AdapterInMemory
import Ports
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
}
