import Foundation
import Ports
import Synchronization
import Testing

/// The `Clock.alarm` part of the clock contract, run against every clock in
/// `ClockContractFactory.all`. A controllable clock is driven through the
/// factory's `advance`; the system clock runs a 20 ms alarm for real, and
/// only what a real clock can promise is checked of it (never before the
/// deadline, once, not after a cancel) — never how long anything took. The
/// time limit turns an alarm that never runs into a failure, not a hang.
@Suite("Clock contract: alarms", .timeLimit(.minutes(1)))
struct ClockAlarmContractTests {
    /// What an alarm's action saw: each run's `now()`.
    private final class Runs: Sendable {
        private let seen = Mutex<[Date]>([])
        func record(_ now: Date) { seen.withLock { $0.append(now) } }
        var times: [Date] { seen.withLock { $0 } }
    }

    @Test(arguments: ClockContractFactory.all)
    func alarm_runsAtOnceWhenTheDeadlineIsNotAfterNow(_ factory: ClockContractFactory) async {
        let sut = factory.make()
        let clock = sut.clock
        let runs = Runs()

        let alarm = clock.alarm(at: clock.now().addingTimeInterval(-1)) { runs.record(clock.now()) }

        #expect(runs.times.count == 1, "it ran before alarm(at:) returned")
        alarm.cancel()
        #expect(runs.times.count == 1)
        #expect(await sut.sleeperCount() == 0)
    }

    @Test(arguments: ClockContractFactory.all)
    func alarm_runsOnceAndNeverBeforeItsDeadline(_ factory: ClockContractFactory) async {
        let sut = factory.make()
        let clock = sut.clock
        let deadline = clock.now().addingTimeInterval(0.02)
        let runs = Runs()

        await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
            _ = clock.alarm(at: deadline) {
                runs.record(clock.now())
                ran.resume()
            }
            Task {
                if factory.isControllable {
                    await sut.advance(.milliseconds(19))
                    #expect(runs.times.isEmpty, "not before the deadline")
                    await sut.advance(.milliseconds(1))
                }
            }
        }

        #expect(runs.times.count == 1)
        #expect(runs.times.allSatisfy { $0 >= deadline }, "never before the deadline")
        #expect(await sut.sleeperCount() == 0)
    }

    @Test(arguments: ClockContractFactory.all)
    func alarm_cancelledBeforeItsDeadlineNeverRuns(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let clock = sut.clock
        let runs = Runs()
        // Half a second: a busy machine does not get from here to the cancel
        // that late.
        let deadline = clock.now().addingTimeInterval(0.5)
        let cancelled = clock.alarm(at: deadline) { runs.record(clock.now()) }
        cancelled.cancel()
        #expect(await sut.sleeperCount() == 0)

        // Past the cancelled alarm's deadline, on the clock itself.
        await sut.advance(.milliseconds(600))
        try await clock.sleep(until: deadline.addingTimeInterval(0.1))

        #expect(runs.times.isEmpty)
    }

    @Test(arguments: ClockContractFactory.controllable)
    func alarm_waitsAmongTheSleepersInDeadlineOrder(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let clock = sut.clock
        let start = clock.now()
        let order = Mutex<[String]>([])
        let sleeper = Task {
            try await clock.sleep(until: start.addingTimeInterval(2))
            order.withLock { $0.append("sleeper at 2 s") }
        }
        await sut.waitForSleepers(1)
        let runs = Runs()
        _ = clock.alarm(at: start.addingTimeInterval(3)) {
            runs.record(clock.now())
            order.withLock { $0.append("alarm at 3 s") }
        }
        _ = clock.alarm(at: start.addingTimeInterval(1)) {
            runs.record(clock.now())
            order.withLock { $0.append("alarm at 1 s") }
        }
        #expect(await sut.sleeperCount() == 3, "a pending alarm counts as a sleeper")

        await sut.advance(.seconds(1))
        #expect(order.withLock { $0 } == ["alarm at 1 s"])
        #expect(await sut.sleeperCount() == 2)

        await sut.advance(.seconds(2))
        try await sleeper.value
        #expect(order.withLock { $0 }.sorted() == ["alarm at 1 s", "alarm at 3 s", "sleeper at 2 s"])
        #expect(runs.times == [start.addingTimeInterval(1), start.addingTimeInterval(3)], "each at its own deadline")
        #expect(await sut.sleeperCount() == 0)
    }
}
