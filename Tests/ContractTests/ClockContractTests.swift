import AdapterSystem
import Dispatch
import Foundation
import Ports
import Synchronization
import TaskRuntime
import Testing

/// The `Clock` contract (see the port's doc comment), run against every clock
/// in `ClockContractFactory.all`. A controllable clock (`ManualClock`) is
/// driven through the factory's `advance`, and a test learns that a task is
/// asleep on it from `waitForSleepers`: nothing sleeps for real. A real clock
/// (`SystemClock`) cannot be driven, so it runs the part of the contract a
/// real clock can promise — `now()` never goes backwards, a sleep never ends
/// before its deadline (a 20 ms one, the only real wait in these suites), and
/// cancellation — and never a check of how long anything took. The time
/// limit only turns a broken clock (a sleeper that never wakes) into a
/// failure instead of a hang.
@Suite("Clock contract", .timeLimit(.minutes(1)))
struct ClockContractTests {
    // MARK: now()

    @Test(arguments: ClockContractFactory.all)
    func now_neverGoesBackwardsAsTimeIsAdvanced(_ factory: ClockContractFactory) async {
        let sut = factory.make()
        var previous = sut.clock.now()

        for step: Duration in [.zero, .seconds(1), .nanoseconds(1), .milliseconds(1), .seconds(3600), .zero] {
            await sut.advance(step)
            let now = sut.clock.now()
            #expect(now >= previous)
            previous = now
        }
    }

    @Test(arguments: ClockContractFactory.all)
    func now_neverGoesBackwardsForAReaderWhileTimeIsAdvanced(_ factory: ClockContractFactory) async {
        let sut = factory.make()
        let clock = sut.clock

        // However the reader and the advancing interleave, what it sees is ordered.
        async let samples = (0..<2_000).map { _ in clock.now() }
        for _ in 0..<200 { await sut.advance(.milliseconds(5)) }

        let seen = await samples
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test(arguments: ClockContractFactory.controllable)
    func advance_movesNowForwardByTheDuration(_ factory: ClockContractFactory) async {
        let sut = factory.make()
        let start = sut.clock.now()

        await sut.advance(.seconds(90))
        #expect(sut.clock.now() == start.addingTimeInterval(90))

        await sut.advance(.milliseconds(250))
        #expect(sut.clock.now() == start.addingTimeInterval(90.25))
    }

    // MARK: Sleeping until a deadline

    @Test(arguments: ClockContractFactory.all)
    func sleep_returnsAtOnceWhenTheDeadlineIsNotAfterNow(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let start = sut.clock.now()

        try await sut.clock.sleep(until: start.addingTimeInterval(-60))
        try await sut.clock.sleep(until: start)
        try await sut.clock.sleep(until: .distantPast)
        try await sut.clock.sleep(for: .zero)

        if factory.isControllable {
            #expect(sut.clock.now() == start)
            #expect(await sut.sleeperCount() == 0)
        }
    }

    @Test(arguments: ClockContractFactory.all)
    func sleep_neverReturnsBeforeTheDeadline(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let clock = sut.clock
        let deadline = clock.now().addingTimeInterval(0.02)
        let sleeper = Task { () async throws -> Date in
            try await clock.sleep(until: deadline)
            return clock.now()
        }
        await sut.waitForSleepers(1)
        await sut.advance(.milliseconds(20))

        #expect(try await sleeper.value >= deadline)
    }

    @Test(arguments: ClockContractFactory.controllable)
    func sleep_returnsOnlyOnceNowHasReachedTheDeadline(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let clock = sut.clock
        let deadline = clock.now().addingTimeInterval(10)
        let sleeper = Task { () async throws -> Date in
            try await clock.sleep(until: deadline)
            return clock.now()
        }
        await sut.waitForSleepers(1)

        await sut.advance(.milliseconds(9_999))
        #expect(await sut.sleeperCount() == 1)

        await sut.advance(.milliseconds(1))
        let wokeAt = try await sleeper.value
        #expect(wokeAt >= deadline)
        #expect(await sut.sleeperCount() == 0)
    }

    @Test(arguments: ClockContractFactory.controllable)
    func sleepFor_returnsOnceTheDurationHasPassed(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let clock = sut.clock
        let start = clock.now()
        let sleeper = Task { () async throws -> Date in
            try await clock.sleep(for: .seconds(5))
            return clock.now()
        }
        await sut.waitForSleepers(1)

        await sut.advance(.seconds(4))
        #expect(await sut.sleeperCount() == 1)

        await sut.advance(.seconds(1))
        #expect(try await sleeper.value >= start.addingTimeInterval(5))
    }

    @Test(arguments: ClockContractFactory.controllable)
    func sleepers_wakeOneByOneAsEachDeadlineIsReached(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let clock = sut.clock
        let start = clock.now()
        let offsets: [TimeInterval] = [3, 1, 2]
        let sleepers = offsets.map { offset in
            Task { try await clock.sleep(until: start.addingTimeInterval(offset)) }
        }
        await sut.waitForSleepers(offsets.count)

        for (step, index) in [1, 2, 0].enumerated() {
            await sut.advance(.seconds(1))
            try await sleepers[index].value
            #expect(await sut.sleeperCount() == offsets.count - step - 1)
        }
    }

    @Test(arguments: ClockContractFactory.controllable)
    func sleepers_wakeInDeadlineOrderWhenOneAdvancePassesAllDeadlines(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let clock = sut.clock
        let start = clock.now()
        let offsets: [TimeInterval] = [3, 1, 2, 5, 4]
        // Every sleeper resumes on one serial executor, so the order they run
        // in after waking is the order the clock woke them in.
        let executor = ClockContractSerialExecutor()
        let wakeLog = ClockContractWakeLog()
        let sleepers = offsets.enumerated().map { index, offset in
            Task(executorPreference: executor) {
                try await clock.sleep(until: start.addingTimeInterval(offset))
                wakeLog.record(index)
            }
        }
        await sut.waitForSleepers(offsets.count)
        // The clock lists a sleeper just before it suspends, inside a job of
        // the serial executor; a sleeper resumed before that job ends would
        // go on at once, ahead of those queued before it. A job enqueued now
        // runs after every such job has ended: once it has run, every sleeper
        // is suspended, and each resume queues it in the order the clock woke it.
        await Task(executorPreference: executor) {}.value

        await sut.advance(.seconds(10))
        for sleeper in sleepers { try await sleeper.value }

        let byDeadline = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        #expect(wakeLog.order == byDeadline)
    }

    // MARK: Cancellation

    @Test(arguments: ClockContractFactory.all)
    func sleep_throwsCancellationErrorAtOnceWhenTheSleeperIsCancelled(_ factory: ClockContractFactory) async {
        let sut = factory.make()
        let clock = sut.clock
        let start = clock.now()
        let sleeper = Task { () async -> Result<Void, CancellationError> in
            do throws(CancellationError) {
                try await clock.sleep(until: start.addingTimeInterval(3600))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        await sut.waitForSleepers(1)

        sleeper.cancel()

        let outcome = await sleeper.value
        #expect(throws: CancellationError.self) { try outcome.get() }
        if factory.isControllable {
            #expect(clock.now() == start)
            #expect(await sut.sleeperCount() == 0)
        }
    }

    @Test(arguments: ClockContractFactory.all)
    func sleep_throwsCancellationErrorAtOnceInAnAlreadyCancelledTask(_ factory: ClockContractFactory) async {
        let sut = factory.make()
        let clock = sut.clock
        let start = clock.now()
        let sleeper = Task { () async -> Result<Void, CancellationError> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(CancellationError) {
                try await clock.sleep(until: start.addingTimeInterval(3600))
                return .success(())
            } catch {
                return .failure(error)
            }
        }

        let outcome = await sleeper.value
        #expect(throws: CancellationError.self) { try outcome.get() }
        if factory.isControllable {
            #expect(clock.now() == start)
            #expect(await sut.sleeperCount() == 0)
        }
    }

    @Test(arguments: ClockContractFactory.controllable)
    func sleep_cancellingOneSleeperLeavesTheOthersWaiting(_ factory: ClockContractFactory) async throws {
        let sut = factory.make()
        let clock = sut.clock
        let deadline = clock.now().addingTimeInterval(60)
        let cancelled = Task { try await clock.sleep(until: deadline) }
        let kept = Task { try await clock.sleep(until: deadline) }
        await sut.waitForSleepers(2)

        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }

        #expect(await sut.sleeperCount() == 1)
        await sut.advance(.seconds(60))
        try await kept.value
    }
}

// MARK: - Clocks under test

/// A clock with the controls a test needs to drive it without sleeping.
struct ClockContractSubject: Sendable {
    let clock: any Clock
    /// Moves the clock's time forward, waking the sleepers that are due.
    let advance: @Sendable (Duration) async -> Void
    /// Returns once at least this many tasks are asleep on the clock.
    let waitForSleepers: @Sendable (Int) async -> Void
    /// How many tasks are asleep on the clock now.
    let sleeperCount: @Sendable () async -> Int
}

/// Makes a fresh clock for one test.
struct ClockContractFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether a test can move its time (`advance`) and count its sleepers;
    /// a real clock's time passes by itself.
    let isControllable: Bool
    /// The registry plugin this clock is.
    var plugin: CoveredPlugin? = nil
    let make: @Sendable () -> ClockContractSubject

    var testDescription: String { name }

    /// Every `Clock` adapter. A new clock joins with one line here.
    static let all: [ClockContractFactory] = [.manual, .system]
    /// The clocks a test can drive, for the parts of the contract that need it.
    static let controllable = all.filter(\.isControllable)

    /// Real time: `advance` and `waitForSleepers` do nothing (time passes by
    /// itself, and a real sleeper cannot be seen); its sleepers are not counted.
    static let system = ClockContractFactory(
        name: "SystemClock", isControllable: false, plugin: CoveredPlugin(.clock, "system")
    ) {
        ClockContractSubject(
            clock: SystemClock(), advance: { _ in }, waitForSleepers: { _ in }, sleeperCount: { 0 })
    }

    static let manual = ClockContractFactory(
        name: "ManualClock", isControllable: true, plugin: CoveredPlugin(.clock, "virtual")
    ) {
        let clock = ManualClock()
        return ClockContractSubject(
            clock: clock,
            advance: { clock.advance(by: $0) },
            waitForSleepers: { await clock.waitForSleepers(atLeast: $0) },
            sleeperCount: { clock.sleeperCount }
        )
    }
}

// MARK: - Helpers

/// A task executor that runs its jobs one at a time, in the order they were
/// enqueued (a serial dispatch queue is first in, first out).
final class ClockContractSerialExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "gatehouse.clock-contract.serial")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// The order in which sleepers recorded that they woke. A lock rather than an
/// actor: recording is synchronous, so it happens in the order the sleepers
/// run, with no hop that could reorder them.
final class ClockContractWakeLog: Sendable {
    private let indices = Mutex<[Int]>([])

    func record(_ index: Int) {
        indices.withLock { $0.append(index) }
    }

    var order: [Int] { indices.withLock { $0 } }
}
