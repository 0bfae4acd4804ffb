import Foundation
import PortContracts
import Ports
import TaskRuntime
import VirtualTime
import Testing

/// `ClockContract` fails a clock that breaks a promise: each test passes
/// only if the check records the issue it must.
@Suite("The clock contract catches what it must")
struct ClockContractCatchesMistakesTests {
    @Test("A clock whose alarm runs at once, whatever its deadline, breaks the never-before promise")
    func anAlarmRunningEarlyFails() async throws {
        try await withKnownIssue {
            try await ClockContract.check(.alarmRunsOnceNeverBeforeItsDeadline) {
                let clock = ManualClock()
                return ClockUnderTest(clock: EagerAlarmClock(base: clock), control: nil)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("never before the deadline")
        }
    }

    @Test("A promise that needs the clock's controls fails on a clock without them, naming them")
    func aMissingControlIsNamed() async throws {
        try await withKnownIssue {
            try await ClockContract.check(.sleepersWakeInDeadlineOrder) { ClockUnderTest(clock: ManualClock()) }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("VirtualClockControl")
        }
    }
}

/// The planted mistake: an alarm that runs as soon as it is set.
private struct EagerAlarmClock: Clock {
    let base: ManualClock

    func now() -> Date { base.now() }
    func sleep(until deadline: Date) async throws(CancellationError) { try await base.sleep(until: deadline) }
    func alarm(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> any ClockAlarm {
        base.alarm(at: base.now(), action)
    }
}
