public import Ports
public import Testing

/// The controls of a clock whose time a test moves (a virtual clock), so
/// that its checks never sleep for real.
public protocol VirtualClockControl: Sendable {
    /// Moves the clock's time forward by `duration`, waking the sleepers and
    /// running the alarms that are due.
    func advance(by duration: Duration) async
    /// Returns once at least `count` tasks are asleep on the clock (pending
    /// alarms count).
    func waitForSleepers(atLeast count: Int) async
    /// How many tasks are asleep on the clock now (pending alarms count).
    func sleeperCount() async -> Int
}

/// A `Clock` handed to `ClockContract`, with its controls when a test can
/// move its time.
public struct ClockUnderTest: Sendable {
    /// The adapter under test.
    public let clock: any Clock
    /// Its controls; nil for a real clock, whose time passes by itself and
    /// whose sleepers cannot be seen.
    public let control: (any VirtualClockControl)?

    /// Makes a clock under test of `clock`, with its controls if it has them.
    public init(clock: any Clock, control: (any VirtualClockControl)? = nil) {
        self.clock = clock
        self.control = control
    }
}

/// The `Clock` port's contract (its doc comment: `now()`, `sleep(until:)`,
/// `alarm(at:_:)`), one promise per case of `Promise`. A virtual clock is
/// moved through its `VirtualClockControl`, and a check learns that a task
/// is asleep from `waitForSleepers`: nothing sleeps for real. A real clock
/// runs the promises a real clock can keep — `now()` never goes backwards,
/// a sleep or an alarm never ends before its deadline (20 ms, the only real
/// waits), cancellation — and never a check of how long anything took.
/// A promise that needs the controls, checked on a clock without them,
/// fails naming them: it never passes unchecked.
public enum ClockContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `now()` never goes backwards as time is moved.
        case nowNeverGoesBackwards
        /// `now()` never goes backwards for a reader while time is moved.
        case nowNeverGoesBackwardsForAReader
        /// Moving the time by a duration moves `now()` by exactly that.
        case nowMovesByWhatTheTimeIsMoved
        /// A sleep until a deadline not after now returns at once.
        case sleepPastItsDeadlineReturnsAtOnce
        /// A sleep never returns before its deadline.
        case sleepNeverReturnsBeforeItsDeadline
        /// A sleep returns only once `now()` has reached its deadline.
        case sleepReturnsOnlyAtItsDeadline
        /// `sleep(for:)` returns once the duration has passed.
        case sleepForReturnsOnceTheDurationHasPassed
        /// Sleepers wake one by one as each deadline is reached.
        case sleepersWakeOneByOne
        /// Sleepers whose deadlines one move passes wake in deadline order.
        case sleepersWakeInDeadlineOrder
        /// A sleeper cancelled while asleep throws CancellationError at once.
        case cancelledSleeperThrowsAtOnce
        /// A sleep in a task already cancelled throws CancellationError at once.
        case sleepInACancelledTaskThrowsAtOnce
        /// Cancelling one sleeper leaves the others asleep.
        case cancellingOneSleeperLeavesTheOthers
        /// An alarm whose deadline is not after now runs before `alarm` returns.
        case alarmPastItsDeadlineRunsAtOnce
        /// An alarm runs once, never before its deadline.
        case alarmRunsOnceNeverBeforeItsDeadline
        /// An alarm cancelled before its deadline never runs.
        case cancelledAlarmNeverRuns
        /// Alarms and sleepers wake in deadline order, each alarm at its own deadline.
        case alarmsWaitAmongTheSleepersInDeadlineOrder

        /// Whether the check needs `ClockUnderTest.control` (a real clock
        /// cannot be moved, nor its sleepers seen).
        public var needsTheClocksControl: Bool {
            switch self {
            case .nowNeverGoesBackwards, .nowNeverGoesBackwardsForAReader, .sleepPastItsDeadlineReturnsAtOnce,
                .sleepNeverReturnsBeforeItsDeadline, .cancelledSleeperThrowsAtOnce, .sleepInACancelledTaskThrowsAtOnce,
                .alarmPastItsDeadlineRunsAtOnce, .alarmRunsOnceNeverBeforeItsDeadline, .cancelledAlarmNeverRuns:
                false
            case .nowMovesByWhatTheTimeIsMoved, .sleepReturnsOnlyAtItsDeadline,
                .sleepForReturnsOnceTheDurationHasPassed,
                .sleepersWakeOneByOne, .sleepersWakeInDeadlineOrder, .cancellingOneSleeperLeavesTheOthers,
                .alarmsWaitAmongTheSleepersInDeadlineOrder:
                true
            }
        }

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .nowNeverGoesBackwards: "now() never goes backwards as time is moved"
            case .nowNeverGoesBackwardsForAReader: "now() never goes backwards for a reader while time is moved"
            case .nowMovesByWhatTheTimeIsMoved: "moving the time by a duration moves now() by exactly that"
            case .sleepPastItsDeadlineReturnsAtOnce: "a sleep until a deadline not after now returns at once"
            case .sleepNeverReturnsBeforeItsDeadline: "a sleep never returns before its deadline"
            case .sleepReturnsOnlyAtItsDeadline: "a sleep returns only once now() has reached its deadline"
            case .sleepForReturnsOnceTheDurationHasPassed: "sleep(for:) returns once the duration has passed"
            case .sleepersWakeOneByOne: "sleepers wake one by one as each deadline is reached"
            case .sleepersWakeInDeadlineOrder: "sleepers whose deadlines one move passes wake in deadline order"
            case .cancelledSleeperThrowsAtOnce: "a sleeper cancelled while asleep throws CancellationError at once"
            case .sleepInACancelledTaskThrowsAtOnce:
                "a sleep in a task already cancelled throws CancellationError at once"
            case .cancellingOneSleeperLeavesTheOthers: "cancelling one sleeper leaves the others asleep"
            case .alarmPastItsDeadlineRunsAtOnce: "an alarm whose deadline is not after now runs before alarm returns"
            case .alarmRunsOnceNeverBeforeItsDeadline: "an alarm runs once, never before its deadline"
            case .cancelledAlarmNeverRuns: "an alarm cancelled before its deadline never runs"
            case .alarmsWaitAmongTheSleepersInDeadlineOrder:
                "alarms and sleepers wake in deadline order, each alarm at its own deadline"
            }
        }
    }

    /// Checks `promise` on a clock from `makeClock`. A broken promise is
    /// recorded as a test issue.
    public static func check(
        _ promise: Promise, on makeClock: @Sendable () async throws -> ClockUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeClock()
        if promise.needsTheClocksControl, sut.control == nil {
            Issue.record(
                "\(promise.rawValue) needs the clock's controls (VirtualClockControl), which this clock does not give",
                sourceLocation: sourceLocation)
            return
        }
        let checks = ClockChecks(clock: sut.clock, control: sut.control, sourceLocation: sourceLocation)
        switch promise {
        case .nowNeverGoesBackwards: await checks.nowNeverGoesBackwards()
        case .nowNeverGoesBackwardsForAReader: await checks.nowNeverGoesBackwardsForAReader()
        case .nowMovesByWhatTheTimeIsMoved: await checks.nowMovesByWhatTheTimeIsMoved()
        case .sleepPastItsDeadlineReturnsAtOnce: try await checks.sleepPastItsDeadlineReturnsAtOnce()
        case .sleepNeverReturnsBeforeItsDeadline: try await checks.sleepNeverReturnsBeforeItsDeadline()
        case .sleepReturnsOnlyAtItsDeadline: try await checks.sleepReturnsOnlyAtItsDeadline()
        case .sleepForReturnsOnceTheDurationHasPassed: try await checks.sleepForReturnsOnceTheDurationHasPassed()
        case .sleepersWakeOneByOne: try await checks.sleepersWakeOneByOne()
        case .sleepersWakeInDeadlineOrder: try await checks.sleepersWakeInDeadlineOrder()
        case .cancelledSleeperThrowsAtOnce: await checks.cancelledSleeperThrowsAtOnce()
        case .sleepInACancelledTaskThrowsAtOnce: await checks.sleepInACancelledTaskThrowsAtOnce()
        case .cancellingOneSleeperLeavesTheOthers: try await checks.cancellingOneSleeperLeavesTheOthers()
        case .alarmPastItsDeadlineRunsAtOnce: await checks.alarmPastItsDeadlineRunsAtOnce()
        case .alarmRunsOnceNeverBeforeItsDeadline: await checks.alarmRunsOnceNeverBeforeItsDeadline()
        case .cancelledAlarmNeverRuns: try await checks.cancelledAlarmNeverRuns()
        case .alarmsWaitAmongTheSleepersInDeadlineOrder: try await checks.alarmsWaitAmongTheSleepersInDeadlineOrder()
        }
    }
}
