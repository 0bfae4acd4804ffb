public import Foundation
public import Ports

/// Real time. Sleepers park through the activity counter, so a runner on a
/// real-time environment still knows a task asleep here is not working.
public struct SystemClock: Clock {
    private let activity: (any ActivityCounter)?

    public init(activity: (any ActivityCounter)? = nil) {
        self.activity = activity
    }

    public func now() -> Date { Date() }

    public func sleep(until deadline: Date) async throws(CancellationError) {
        guard deadline.timeIntervalSinceNow > 0 else {
            if Task.isCancelled { throw CancellationError() }
            return
        }
        let counted = activity?.willPark() ?? false
        // Real time wakes the sleeper itself, so it counts itself back in.
        defer { if counted { activity?.willResume(1) } }
        // A day at a time: a deadline years away (a server told to delay by
        // anything it was sent) must not overflow the conversion to a Duration.
        while true {
            let interval = deadline.timeIntervalSinceNow
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
}
