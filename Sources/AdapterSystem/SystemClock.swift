public import Foundation
public import Ports

/// Real time. `now()` is the wall-clock time at which the clock was made plus
/// the time elapsed since on a monotonic clock: the wall clock itself may be
/// set back (by the user, or by NTP), and the `Clock` contract promises that
/// `now()` never goes backwards — a token's expiry must not move because the
/// system time did. Sleepers park through the activity counter, so a runner
/// on a real-time environment still knows a task asleep here is not working.
public struct SystemClock: Clock {
    private let activity: (any ActivityCounter)?
    private let anchorDate: Date
    private let anchorInstant: ContinuousClock.Instant

    public init(activity: (any ActivityCounter)? = nil) {
        self.activity = activity
        anchorDate = Date()
        anchorInstant = ContinuousClock.now
    }

    public func now() -> Date {
        anchorDate.addingTimeInterval(anchorInstant.duration(to: ContinuousClock.now).timeInterval)
    }

    public func sleep(until deadline: Date) async throws(CancellationError) {
        guard deadline > now() else {
            if Task.isCancelled { throw CancellationError() }
            return
        }
        let counted = activity?.willPark() ?? false
        // Real time wakes the sleeper itself, so it counts itself back in.
        defer { if counted { activity?.willResume(1) } }
        // A day at a time: a deadline years away (a server told to delay by
        // anything it was sent) must not overflow the conversion to a Duration.
        while true {
            let interval = deadline.timeIntervalSince(now())
            guard interval > 0 else { return }
            let milliseconds = min((interval * 1000).rounded(.up), Self.longestSingleSleepMs)
            do {
                try await Task.sleep(for: .milliseconds(Int64(milliseconds)))
            } catch {
                throw CancellationError()
            }
        }
    }

    private static let longestSingleSleepMs = 86_400_000.0

    /// A task of its own, on Swift's cooperative pool, asleep here until the
    /// deadline. Not a Dispatch timer: that needs a thread of Dispatch's
    /// global queues, the very threads a busy URLSession's cancellations hold
    /// (see docs/spec/wire-contract.md, "Every request ends: the request deadline").
    /// The activity counter does not count the task: nothing waits for it to
    /// end, and whoever waits for its action is counted back in by what the
    /// action completes (a promise).
    public func alarm(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> any ClockAlarm {
        guard deadline > now() else {
            action()
            return SleepingAlarm(task: nil)
        }
        // Detached: a task would inherit its maker's task-locals, and with them
        // the activity counter's mark of a counted task, and park as one.
        let task = Task.detached { [self] in
            guard (try? await sleep(until: deadline)) != nil, !Task.isCancelled else { return }
            action()
        }
        return SleepingAlarm(task: task)
    }
}

/// A system clock's alarm: the task asleep until its deadline. Cancelling it
/// wakes the task, which then does not run the action (unless it had already
/// woken at its deadline and gone past that check).
private struct SleepingAlarm: ClockAlarm {
    let task: Task<Void, Never>?

    func cancel() { task?.cancel() }
}
