public import Foundation
public import Ports
public import TaskRuntime
import Synchronization

/// A clock for virtual time: it stands still until `advance(by:)` moves it.
/// Sleepers wake in deadline order (ties in the order they went to sleep),
/// each seeing `now()` at its own deadline when it is resumed.
///
/// `advance` resumes the sleepers that are due when it is called; a woken task
/// that goes back to sleep within the same span is not woken again by that
/// call. Tests that drive a loop wait for it to sleep again
/// (`waitForSleepers`) and advance one period at a time, so nothing depends on
/// how the scheduler happens to interleave tasks.
public final class ManualClock: VirtualClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let wake: Wake
        /// Whether the activity counter counted this sleeper as parked.
        let counted: Bool
    }

    /// What a sleeper's deadline does: resume a sleeping task (true when
    /// woken, false when cancelled), or run an alarm's action.
    private enum Wake {
        case task(CheckedContinuation<Bool, Never>)
        case alarm(@Sendable () -> Void)
    }

    private struct CountWaiter {
        let id: UInt64
        let isSatisfied: @Sendable (Int) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Date
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var cancelledBeforeSleeping: Set<UInt64> = []
        var countWaiters: [CountWaiter] = []
    }

    /// 2024-02-01T08:00:00Z, the morning of the Cora seed's sample statement.
    public static let defaultStart = Date(timeIntervalSince1970: 1_706_774_400)

    private let state: Mutex<State>
    /// `state.now` as `Date.timeIntervalSinceReferenceDate`'s bit pattern,
    /// written in the same locked step that moves it: every authorised call
    /// reads the time, and a read then takes no lock.
    private let publishedNow: Atomic<UInt64>
    private let activity: (any ActivityCounter)?

    /// - Parameter activity: told when a task goes to sleep here and before it
    ///   is woken, so that a virtual runner counts sleepers as idle.
    public init(start: Date = ManualClock.defaultStart, activity: (any ActivityCounter)? = nil) {
        state = Mutex(State(now: start))
        publishedNow = Atomic(start.timeIntervalSinceReferenceDate.bitPattern)
        self.activity = activity
    }

    public func now() -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: publishedNow.load(ordering: .acquiring)))
    }

    /// Moves `state.now` to `time`, under the lock, and publishes it.
    private func move(_ state: inout State, to time: Date) {
        state.now = time
        publishedNow.store(time.timeIntervalSinceReferenceDate.bitPattern, ordering: .releasing)
    }

    public func sleep(until deadline: Date) async throws(CancellationError) {
        let id: UInt64? = state.withLock { state in
            guard deadline > state.now else { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else {
            if Task.isCancelled { throw CancellationError() }
            return
        }
        let woken = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let waitersToResume: [CheckedContinuation<Void, Never>]? = state.withLock { state in
                    if state.cancelledBeforeSleeping.remove(id) != nil { return nil }
                    let counted = activity?.willPark() ?? false
                    state.sleepers.append(
                        Sleeper(id: id, deadline: deadline, wake: .task(continuation), counted: counted))
                    return Self.takeSatisfiedWaiters(&state)
                }
                guard let waitersToResume else {
                    continuation.resume(returning: false)
                    return
                }
                waitersToResume.forEach { $0.resume() }
            }
        } onCancel: {
            let (cancelled, waiters): (Sleeper?, [CheckedContinuation<Void, Never>]) = state.withLock { state in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    let sleeper = state.sleepers.remove(at: index)
                    return (sleeper, Self.takeSatisfiedWaiters(&state))
                }
                state.cancelledBeforeSleeping.insert(id)
                return (nil, [])
            }
            guard let cancelled, case .task(let continuation) = cancelled.wake else { return }
            if cancelled.counted { activity?.willResume(1) }
            continuation.resume(returning: false)
            waiters.forEach { $0.resume() }
        }
        if !woken { throw CancellationError() }
    }

    /// The alarm waits among the sleepers (in deadline order with them, and
    /// counted by `sleeperCount`), but it is no task: nothing parks, nothing
    /// is resumed; `advance` runs its action when its deadline comes.
    public func alarm(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> any ClockAlarm {
        let id: UInt64? = state.withLock { state in
            guard deadline > state.now else { return nil }
            state.nextID += 1
            state.sleepers.append(Sleeper(id: state.nextID, deadline: deadline, wake: .alarm(action), counted: false))
            return state.nextID
        }
        guard let id else {
            action()
            return Alarm(clock: nil, id: 0)
        }
        let waiters = state.withLock { Self.takeSatisfiedWaiters(&$0) }
        waiters.forEach { $0.resume() }
        return Alarm(clock: self, id: id)
    }

    private struct Alarm: ClockAlarm {
        /// Nil for an alarm that ran when it was set.
        let clock: ManualClock?
        let id: UInt64

        func cancel() { clock?.cancelAlarm(id) }
    }

    private func cancelAlarm(_ id: UInt64) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return [] }
            state.sleepers.remove(at: index)
            return Self.takeSatisfiedWaiters(&state)
        }
        waiters.forEach { $0.resume() }
    }

    /// Moves time forward by `duration`, waking every sleeper due by then in
    /// deadline order.
    public func advance(by duration: Duration) {
        advance(to: now().addingTimeInterval(duration.timeInterval))
    }

    /// Moves time forward to `target` (never backwards), waking every sleeper
    /// due by then in deadline order.
    public func advance(to target: Date) {
        while true {
            let (due, waiters): (Sleeper?, [CheckedContinuation<Void, Never>]) = state.withLock { state in
                guard let first = Self.earliestSleeper(in: state.sleepers, dueBy: target) else {
                    if target > state.now { move(&state, to: target) }
                    return (nil, [])
                }
                let sleeper = state.sleepers.remove(at: first)
                if sleeper.deadline > state.now { move(&state, to: sleeper.deadline) }
                return (sleeper, Self.takeSatisfiedWaiters(&state))
            }
            guard let due else { return }
            switch due.wake {
            case .task(let continuation):
                if due.counted { activity?.willResume(1) }
                continuation.resume(returning: true)
            case .alarm(let action):
                action()
            }
            waiters.forEach { $0.resume() }
        }
    }

    /// Lets `duration` pass the way a script's `wait` does: time steps from
    /// deadline to deadline within the span, and `settle` runs before the
    /// first step and after each, so every sleeper due in the span wakes —
    /// and whatever it starts finishes or parks — before the next one is due.
    /// The one copy of this loop: the app's world and the domain tests' harness
    /// both call it. A cancelled caller stops stepping: time stands at the
    /// last deadline reached (everything due until then has run).
    public func pass(
        _ duration: Duration, settling settle: @Sendable () async -> Void,
        until holds: @Sendable () async -> Bool = { false }
    ) async {
        await settle()
        if await holds() { return }
        let target = now().addingTimeInterval(duration.timeInterval)
        while let next = nextDeadline, next <= target {
            // A cancelled pass (Ctrl-C on a long wait) stops where it stands.
            guard !Task.isCancelled else { return }
            advance(to: next)
            await settle()
            // Time stops at the step where what is waited for holds.
            if await holds() { return }
        }
        guard !Task.isCancelled else { return }
        advance(to: target)
        await settle()
    }

    /// How many tasks are asleep on this clock right now, alarms not yet run
    /// included (a request deadline's timer is one or the other).
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// The earliest deadline anyone sleeps until, if anyone sleeps.
    public var nextDeadline: Date? {
        state.withLock { state in
            Self.earliestSleeper(in: state.sleepers, dueBy: .distantFuture).map { state.sleepers[$0].deadline }
        }
    }

    /// Returns once at least `count` tasks are asleep on this clock: the
    /// deterministic way for a test to know a loop is waiting for time.
    public func waitForSleepers(atLeast count: Int = 1) async {
        await waitForSleeperCount { $0 >= count }
    }

    /// Returns once at most `count` tasks are asleep on this clock: how a test
    /// knows a sleeper was woken or cancelled, without advancing time.
    public func waitForSleepers(atMost count: Int) async {
        await waitForSleeperCount { $0 <= count }
    }

    /// Returns early when the calling task is cancelled (a test's time limit).
    private func waitForSleeperCount(_ isSatisfied: @escaping @Sendable (Int) -> Bool) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if isSatisfied(state.sleepers.count) || state.cancelledBeforeSleeping.remove(id) != nil {
                        return true
                    }
                    state.countWaiters.append(CountWaiter(id: id, isSatisfied: isSatisfied, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter: CountWaiter? = state.withLock { state in
                if let index = state.countWaiters.firstIndex(where: { $0.id == id }) {
                    return state.countWaiters.remove(at: index)
                }
                state.cancelledBeforeSleeping.insert(id)
                return nil
            }
            waiter?.continuation.resume()
        }
    }

    /// The index of the sleeper with the earliest deadline not after `target`
    /// (the first to go to sleep among equals), in one pass and without a
    /// copy: the script's `wait` asks at every step of its day.
    private static func earliestSleeper(in sleepers: [Sleeper], dueBy target: Date) -> Int? {
        var earliest: Int?
        for index in sleepers.indices where sleepers[index].deadline <= target {
            if let current = earliest, sleepers[current].deadline <= sleepers[index].deadline { continue }
            earliest = index
        }
        return earliest
    }

    private static func takeSatisfiedWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        // Nobody waits for a count (the app never does): no filtering, no copies.
        guard !state.countWaiters.isEmpty else { return [] }
        let count = state.sleepers.count
        let satisfied = state.countWaiters.filter { $0.isSatisfied(count) }.map(\.continuation)
        state.countWaiters.removeAll { $0.isSatisfied(count) }
        return satisfied
    }
}
