import Dispatch
import Foundation
import Ports
import Synchronization
import Testing

/// The checks behind `ClockContract`'s promises, on one clock. Without
/// controls (a real clock) moving the time does nothing — it passes by
/// itself — and no sleeper is seen.
struct ClockChecks {
    let clock: any Clock
    let control: (any VirtualClockControl)?
    let sourceLocation: SourceLocation

    private var isVirtual: Bool { control != nil }
    private func advance(_ duration: Duration) async { await control?.advance(by: duration) }
    private func waitForSleepers(_ count: Int) async { await control?.waitForSleepers(atLeast: count) }
    private func sleeperCount() async -> Int { await control?.sleeperCount() ?? 0 }

    // MARK: - now()

    func nowNeverGoesBackwards() async {
        var previous = clock.now()
        for step: Duration in [.zero, .seconds(1), .nanoseconds(1), .milliseconds(1), .seconds(3600), .zero] {
            await advance(step)
            let now = clock.now()
            #expect(now >= previous, "after moving \(step)", sourceLocation: sourceLocation)
            previous = now
        }
    }

    func nowNeverGoesBackwardsForAReader() async {
        let clock = self.clock
        // However the reader and the moving interleave, what it sees is ordered.
        async let samples = (0..<2_000).map { _ in clock.now() }
        for _ in 0..<200 { await advance(.milliseconds(5)) }
        let seen = await samples
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, sourceLocation: sourceLocation)
    }

    func nowMovesByWhatTheTimeIsMoved() async {
        let start = clock.now()
        await advance(.seconds(90))
        #expect(clock.now() == start.addingTimeInterval(90), sourceLocation: sourceLocation)
        await advance(.milliseconds(250))
        #expect(clock.now() == start.addingTimeInterval(90.25), sourceLocation: sourceLocation)
    }

    // MARK: - Sleeping until a deadline

    func sleepPastItsDeadlineReturnsAtOnce() async throws {
        let start = clock.now()
        try await clock.sleep(until: start.addingTimeInterval(-60))
        try await clock.sleep(until: start)
        try await clock.sleep(until: .distantPast)
        try await clock.sleep(for: .zero)
        guard isVirtual else { return }
        #expect(clock.now() == start, "no time passed", sourceLocation: sourceLocation)
        #expect(await sleeperCount() == 0, "nobody asleep", sourceLocation: sourceLocation)
    }

    func sleepNeverReturnsBeforeItsDeadline() async throws {
        let clock = self.clock
        let deadline = clock.now().addingTimeInterval(0.02)
        let sleeper = Task { () async throws -> Date in
            try await clock.sleep(until: deadline)
            return clock.now()
        }
        await waitForSleepers(1)
        await advance(.milliseconds(20))
        #expect(try await sleeper.value >= deadline, sourceLocation: sourceLocation)
    }

    func sleepReturnsOnlyAtItsDeadline() async throws {
        let clock = self.clock
        let deadline = clock.now().addingTimeInterval(10)
        let sleeper = Task { () async throws -> Date in
            try await clock.sleep(until: deadline)
            return clock.now()
        }
        await waitForSleepers(1)
        await advance(.milliseconds(9_999))
        #expect(await sleeperCount() == 1, "still asleep a millisecond before", sourceLocation: sourceLocation)
        await advance(.milliseconds(1))
        #expect(try await sleeper.value >= deadline, sourceLocation: sourceLocation)
        #expect(await sleeperCount() == 0, sourceLocation: sourceLocation)
    }

    func sleepForReturnsOnceTheDurationHasPassed() async throws {
        let clock = self.clock
        let start = clock.now()
        let sleeper = Task { () async throws -> Date in
            try await clock.sleep(for: .seconds(5))
            return clock.now()
        }
        await waitForSleepers(1)
        await advance(.seconds(4))
        #expect(await sleeperCount() == 1, "still asleep after 4 s of 5", sourceLocation: sourceLocation)
        await advance(.seconds(1))
        #expect(try await sleeper.value >= start.addingTimeInterval(5), sourceLocation: sourceLocation)
    }

    func sleepersWakeOneByOne() async throws {
        let clock = self.clock
        let start = clock.now()
        let offsets: [TimeInterval] = [3, 1, 2]
        let sleepers = offsets.map { offset in
            Task { try await clock.sleep(until: start.addingTimeInterval(offset)) }
        }
        await waitForSleepers(offsets.count)
        for (step, index) in [1, 2, 0].enumerated() {
            await advance(.seconds(1))
            try await sleepers[index].value
            #expect(await sleeperCount() == offsets.count - step - 1, sourceLocation: sourceLocation)
        }
    }

    func sleepersWakeInDeadlineOrder() async throws {
        let clock = self.clock
        let start = clock.now()
        let offsets: [TimeInterval] = [3, 1, 2, 5, 4]
        // Every sleeper resumes on one serial executor, so the order they run
        // in after waking is the order the clock woke them in.
        let executor = SerialTaskExecutor()
        let wakeOrder = Log<Int>()
        let sleepers = offsets.enumerated().map { index, offset in
            Task(executorPreference: executor) {
                try await clock.sleep(until: start.addingTimeInterval(offset))
                wakeOrder.record(index)
            }
        }
        await waitForSleepers(offsets.count)
        // The clock lists a sleeper just before it suspends, inside a job of
        // the serial executor; a sleeper resumed before that job ends would
        // go on at once, ahead of those queued before it. A job enqueued now
        // runs after every such job has ended: once it has run, every sleeper
        // is suspended, and each resume queues it in the order the clock woke it.
        await Task(executorPreference: executor) {}.value
        await advance(.seconds(10))
        for sleeper in sleepers { try await sleeper.value }
        let byDeadline = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        #expect(wakeOrder.entries == byDeadline, sourceLocation: sourceLocation)
    }

    // MARK: - Cancellation

    /// Sleeps an hour in a task of its own, returning how the sleep ended.
    private func hourLongSleeper(cancelledFirst: Bool) -> Task<Result<Void, CancellationError>, Never> {
        let clock = self.clock
        let deadline = clock.now().addingTimeInterval(3600)
        return Task {
            if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
            do throws(CancellationError) {
                try await clock.sleep(until: deadline)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
    }

    /// Records an issue unless `outcome` is a cancellation, no time passed
    /// and (on a virtual clock) nobody is left asleep.
    private func expectCancelled(_ outcome: Result<Void, CancellationError>, since start: Date) async {
        #expect(throws: CancellationError.self, sourceLocation: sourceLocation) { try outcome.get() }
        guard isVirtual else { return }
        #expect(clock.now() == start, "no time passed", sourceLocation: sourceLocation)
        #expect(await sleeperCount() == 0, "nobody left asleep", sourceLocation: sourceLocation)
    }

    func cancelledSleeperThrowsAtOnce() async {
        let start = clock.now()
        let sleeper = hourLongSleeper(cancelledFirst: false)
        await waitForSleepers(1)
        sleeper.cancel()
        await expectCancelled(await sleeper.value, since: start)
    }

    func sleepInACancelledTaskThrowsAtOnce() async {
        let start = clock.now()
        await expectCancelled(await hourLongSleeper(cancelledFirst: true).value, since: start)
    }

    func cancellingOneSleeperLeavesTheOthers() async throws {
        let clock = self.clock
        let deadline = clock.now().addingTimeInterval(60)
        let cancelled = Task { try await clock.sleep(until: deadline) }
        let kept = Task { try await clock.sleep(until: deadline) }
        await waitForSleepers(2)
        cancelled.cancel()
        await #expect(throws: CancellationError.self, sourceLocation: sourceLocation) { try await cancelled.value }
        #expect(await sleeperCount() == 1, "the other still asleep", sourceLocation: sourceLocation)
        await advance(.seconds(60))
        try await kept.value
    }

    // MARK: - Alarms

    func alarmPastItsDeadlineRunsAtOnce() async {
        let clock = self.clock
        let runs = AlarmRuns()
        let alarm = clock.alarm(at: clock.now().addingTimeInterval(-1)) { runs.record(clock.now()) }
        #expect(runs.times.count == 1, "it ran before alarm(at:) returned", sourceLocation: sourceLocation)
        alarm.cancel()
        #expect(runs.times.count == 1, "a cancel after it ran changes nothing", sourceLocation: sourceLocation)
        #expect(await sleeperCount() == 0, sourceLocation: sourceLocation)
    }

    func alarmRunsOnceNeverBeforeItsDeadline() async {
        let clock = self.clock
        let deadline = clock.now().addingTimeInterval(0.02)
        let runs = AlarmRuns()
        let control = self.control
        let sourceLocation = self.sourceLocation
        await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
            _ = clock.alarm(at: deadline) {
                runs.record(clock.now())
                ran.resume()
            }
            if let control {
                Task {
                    await control.advance(by: .milliseconds(19))
                    #expect(runs.times.isEmpty, "not before the deadline", sourceLocation: sourceLocation)
                    await control.advance(by: .milliseconds(1))
                }
            }
        }
        #expect(runs.times.count == 1, "once", sourceLocation: sourceLocation)
        #expect(runs.times.allSatisfy { $0 >= deadline }, "never before the deadline", sourceLocation: sourceLocation)
        #expect(await sleeperCount() == 0, sourceLocation: sourceLocation)
    }

    func cancelledAlarmNeverRuns() async throws {
        let clock = self.clock
        let runs = AlarmRuns()
        // Half a second: a busy machine does not get from here to the cancel that late.
        let deadline = clock.now().addingTimeInterval(0.5)
        let cancelled = clock.alarm(at: deadline) { runs.record(clock.now()) }
        cancelled.cancel()
        #expect(await sleeperCount() == 0, "a cancelled alarm is nobody asleep", sourceLocation: sourceLocation)
        // Past the cancelled alarm's deadline, on the clock itself.
        await advance(.milliseconds(600))
        try await clock.sleep(until: deadline.addingTimeInterval(0.1))
        #expect(runs.times.isEmpty, sourceLocation: sourceLocation)
    }

    func alarmsWaitAmongTheSleepersInDeadlineOrder() async throws {
        let clock = self.clock
        let start = clock.now()
        let order = Mutex<[String]>([])
        let sleeper = Task {
            try await clock.sleep(until: start.addingTimeInterval(2))
            order.withLock { $0.append("sleeper at 2 s") }
        }
        await waitForSleepers(1)
        let runs = AlarmRuns()
        _ = clock.alarm(at: start.addingTimeInterval(3)) {
            runs.record(clock.now())
            order.withLock { $0.append("alarm at 3 s") }
        }
        _ = clock.alarm(at: start.addingTimeInterval(1)) {
            runs.record(clock.now())
            order.withLock { $0.append("alarm at 1 s") }
        }
        #expect(await sleeperCount() == 3, "a pending alarm counts as a sleeper", sourceLocation: sourceLocation)

        await advance(.seconds(1))
        #expect(order.withLock { $0 } == ["alarm at 1 s"], sourceLocation: sourceLocation)
        #expect(await sleeperCount() == 2, sourceLocation: sourceLocation)

        await advance(.seconds(2))
        try await sleeper.value
        #expect(
            order.withLock { $0 }.sorted() == ["alarm at 1 s", "alarm at 3 s", "sleeper at 2 s"],
            sourceLocation: sourceLocation)
        #expect(
            runs.times == [start.addingTimeInterval(1), start.addingTimeInterval(3)], "each at its own deadline",
            sourceLocation: sourceLocation)
        #expect(await sleeperCount() == 0, sourceLocation: sourceLocation)
    }
}

/// What an alarm's action saw: each run's `now()`.
private final class AlarmRuns: Sendable {
    private let seen = Log<Date>()
    func record(_ now: Date) { seen.record(now) }
    var times: [Date] { seen.entries }
}

/// What tasks recorded, in the order they recorded it. A lock rather than
/// an actor: recording is synchronous, so it happens in the order the tasks
/// run, with no hop that could reorder them.
private final class Log<Entry: Sendable>: Sendable {
    private let recorded = Mutex<[Entry]>([])
    func record(_ entry: Entry) { recorded.withLock { $0.append(entry) } }
    var entries: [Entry] { recorded.withLock { $0 } }
}

/// A task executor that runs its jobs one at a time, in the order they were
/// enqueued (a serial dispatch queue is first in, first out).
private final class SerialTaskExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "gatehouse.port-contracts.clock.serial")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
