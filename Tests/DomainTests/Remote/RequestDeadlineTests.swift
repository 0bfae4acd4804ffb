import DomainCore
import Foundation
import Ports
import Synchronization
import TaskRuntime
import VirtualTime
import Testing

/// The app's request deadline on virtual time: every wait below is on the
/// ManualClock or the activity count, so nothing depends on timing.
@Suite("Request deadline")
struct RequestDeadlineTests {
    /// A remote call held open on the clock until `answerAfter` (or forever),
    /// which records whether it saw its task cancelled.
    private final class FakeCall: Sendable {
        private let sawCancellation = Mutex(false)
        let clock: ManualClock
        let answerAfter: Duration

        init(clock: ManualClock, answerAfter: Duration) {
            self.clock = clock
            self.answerAfter = answerAfter
        }

        func call() async throws(RemoteError) -> Int {
            do {
                try await clock.sleep(for: answerAfter)
                return 42
            } catch {
                sawCancellation.withLock { $0 = true }
                throw .transport("request cancelled")
            }
        }

        var wasCancelled: Bool { sawCancellation.withLock { $0 } }
    }

    static func outcome(
        of call: () async throws(RemoteError) -> Int
    ) async -> Result<Int, RemoteError> {
        do throws(RemoteError) { return .success(try await call()) } catch { return .failure(error) }
    }

    private struct Rig {
        let activity = VirtualActivity()
        let clock: ManualClock
        let scheduler: CountingTaskScheduler
        let deadline: RequestDeadline

        /// - Parameter firstAlarmLateBy: the deadline's first alarm rings
        ///   this much past its time, as in a process stopped across it.
        init(
            timeout: Duration = .seconds(10), firstAlarmLateBy lateness: Duration? = nil,
            secondAlarmLateBy secondLateness: Duration? = nil
        ) {
            clock = ManualClock(activity: activity)
            scheduler = CountingTaskScheduler(activity: activity)
            let manual = clock
            let deadlineClock: any Clock =
                lateness.map { LateAlarmsClock(base: manual, lateness: [$0, secondLateness ?? .zero]) } ?? manual
            deadline = RequestDeadline(timeout: timeout, clock: deadlineClock, scheduler: scheduler)
        }

        /// Starts `fake`'s call under the deadline as counted work (as the
        /// app's callers are) and settles: it is then parked, not running.
        func start(_ fake: FakeCall) async -> any TaskHandle<Result<Int, RemoteError>> {
            let handle = scheduler.spawn { [deadline] in
                await RequestDeadlineTests.outcome { () async throws(RemoteError) -> Int in
                    try await deadline.run { () async throws(RemoteError) -> Int in try await fake.call() }
                }
            }
            await activity.waitUntilIdle()
            return handle
        }

        func advance(by duration: Duration) async {
            clock.advance(by: duration)
            await activity.waitUntilIdle()
        }
    }

    @Test("A call that never answers times out exactly at the deadline, not before, and is cancelled")
    func hungCallTimesOutAtTheDeadline() async {
        let rig = Rig()
        let fake = FakeCall(clock: rig.clock, answerAfter: .seconds(3600))
        let handle = await rig.start(fake)
        #expect(!handle.isFinished, "settling does not wait for a hung call")

        await rig.advance(by: .milliseconds(9999))
        #expect(!handle.isFinished, "not before the deadline")
        #expect(!fake.wasCancelled)

        await rig.advance(by: .milliseconds(1))
        #expect(handle.isFinished)
        #expect(await handle.value == .failure(.timeout))
        #expect(fake.wasCancelled, "the abandoned call is cancelled")
        #expect(rig.clock.sleeperCount == 0, "nothing is left asleep on the clock")
        #expect(rig.activity.liveTaskCount == 0, "the call, the timer and the caller have all finished")
    }

    @Test("A call that answers before the deadline is unaffected, and its timer is stopped")
    func answerBeforeTheDeadline() async {
        let rig = Rig()
        let fake = FakeCall(clock: rig.clock, answerAfter: .seconds(5))
        let handle = await rig.start(fake)

        await rig.advance(by: .seconds(5))

        #expect(await handle.value == .success(42))
        #expect(!fake.wasCancelled)
        #expect(rig.clock.sleeperCount == 0, "the deadline's timer no longer sleeps")
        #expect(rig.activity.liveTaskCount == 0)
    }

    @Test("A call's own failure before the deadline is passed on as it is")
    func failureBeforeTheDeadline() async {
        let rig = Rig()
        let handle = rig.scheduler.spawn { [deadline = rig.deadline] in
            await RequestDeadlineTests.outcome { () async throws(RemoteError) -> Int in
                try await deadline.run { () async throws(RemoteError) -> Int in
                    throw RemoteError.rejected(status: 503, code: nil)
                }
            }
        }
        #expect(await handle.value == Result<Int, RemoteError>.failure(.rejected(status: 503, code: nil)))
        await rig.activity.waitUntilIdle()
        #expect(rig.clock.sleeperCount == 0)
    }

    @Test("Cancelling the caller cancels the call and its timer at once")
    func cancellingTheCallerCancelsTheCall() async {
        let rig = Rig()
        let fake = FakeCall(clock: rig.clock, answerAfter: .seconds(3600))
        let handle = await rig.start(fake)

        handle.cancel()
        await rig.activity.waitUntilIdle()

        #expect(handle.isFinished, "no time had to pass")
        #expect(await handle.value == .failure(.transport("request cancelled")))
        #expect(fake.wasCancelled)
        #expect(rig.clock.sleeperCount == 0)
        #expect(rig.activity.liveTaskCount == 0)
    }

    @Test("A deadline met late (the process was stopped across it) lets an answer in its grace through")
    func stoppedAcrossTheDeadlineAnswerInTheGrace() async {
        // The process stops at 2 s and is continued at 30 s: the timer for
        // 10 s rings at 30 s; the answer, kept meanwhile, is read at 30.5 s.
        let rig = Rig(firstAlarmLateBy: .seconds(20))
        let fake = FakeCall(clock: rig.clock, answerAfter: .milliseconds(30_500))
        let handle = await rig.start(fake)

        await rig.advance(by: .seconds(30))
        #expect(!handle.isFinished, "the time the process was stopped is not held against the call")
        await rig.advance(by: .milliseconds(500))
        #expect(await handle.value == .success(42))
        #expect(rig.clock.sleeperCount == 0, "the grace's timer no longer sleeps")
    }

    @Test("A deadline met late times out once its grace passes on time, and the call is cancelled")
    func stoppedAcrossTheDeadlineThenHung() async {
        let rig = Rig(firstAlarmLateBy: .seconds(20))
        let fake = FakeCall(clock: rig.clock, answerAfter: .seconds(3600))
        let handle = await rig.start(fake)

        await rig.advance(by: .seconds(30))
        #expect(!handle.isFinished)
        await rig.advance(by: .milliseconds(999))
        #expect(!handle.isFinished, "not before its grace")
        await rig.advance(by: .milliseconds(1))
        #expect(await handle.value == .failure(.timeout))
        #expect(fake.wasCancelled)
        #expect(rig.clock.sleeperCount == 0)
    }

    @Test("The grace is given once: its own timer met late ends the call as a timeout")
    func graceOnce() async {
        let rig = Rig(firstAlarmLateBy: .seconds(20), secondAlarmLateBy: .seconds(5))
        let fake = FakeCall(clock: rig.clock, answerAfter: .seconds(3600))
        let handle = await rig.start(fake)

        await rig.advance(by: .seconds(30))
        #expect(!handle.isFinished)
        await rig.advance(by: .seconds(6))
        #expect(await handle.value == .failure(.timeout))
    }

    @Test("A timer no more than a second late is on time: the call times out when it rings")
    func slightlyLateIsOnTime() async {
        let rig = Rig(firstAlarmLateBy: .seconds(1))
        let fake = FakeCall(clock: rig.clock, answerAfter: .seconds(3600))
        let handle = await rig.start(fake)

        await rig.advance(by: .seconds(11))
        #expect(await handle.value == .failure(.timeout))
    }
}

/// A virtual clock whose first alarms ring late by the given amounts — as
/// the system clock's do in a process stopped across them — and the rest on
/// time.
private final class LateAlarmsClock: Clock {
    private let base: ManualClock
    private let lateness: Mutex<[Duration]>

    init(base: ManualClock, lateness: [Duration]) {
        self.base = base
        self.lateness = Mutex(lateness)
    }

    func now() -> Date { base.now() }

    func sleep(until deadline: Date) async throws(CancellationError) {
        try await base.sleep(until: deadline)
    }

    func alarm(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> any ClockAlarm {
        let late = lateness.withLock { lateness in lateness.isEmpty ? .zero : lateness.removeFirst() }
        return base.alarm(at: deadline.addingTimeInterval(late.timeInterval), action)
    }
}
