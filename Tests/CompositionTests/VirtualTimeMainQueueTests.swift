import Composition
import VirtualTime
import Foundation
import Synchronization
import Testing
import CompositionTesting

/// On virtual time a world runs its counted work on the main queue, where
/// the main actor runs (`VirtualTimeExecutor`): the work's own code, the
/// default actors it calls and the code a clock's wake-up resumes, so a
/// step's hops are jobs queued on one serial queue, never a wake-up of
/// another thread.
@Suite("Virtual time runs on the main queue")
struct VirtualTimeMainQueueTests {
    /// Marks the main queue, so code can tell whether it runs there (on
    /// Linux the main queue is served by a Dispatch thread once `dispatch_main`
    /// has parked the main thread, so `Thread.isMainThread` cannot tell).
    private static let mainQueueMark: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    private static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueMark) == true }

    /// A default actor, as the in-memory backend and the token manager are.
    private actor Recorder {
        private(set) var onMainQueue: [Bool] = []

        func record() { onMainQueue.append(VirtualTimeMainQueueTests.isOnMainQueue) }
    }

    @Test func countedWork_theActorsItCalls_andWhatTheClockWakes_runOnTheMainQueue() async throws {
        _ = Self.mainQueueMark
        let world = try AppWorld(testing: .inMemory)
        let recorder = Recorder()
        let seen = Mutex<[Bool]>([])
        let clock = world.clock
        _ = world.scheduler.spawn {
            seen.withLock { $0.append(Self.isOnMainQueue) }
            await recorder.record()
            try? await clock.sleep(for: .seconds(5))
            seen.withLock { $0.append(Self.isOnMainQueue) }
            await recorder.record()
        }
        await world.pass(.seconds(10))

        #expect(seen.withLock { $0 } == [true, true])
        // The mark can say no: work on the cooperative pool is not on the main queue.
        #expect(await Task.detached { Self.isOnMainQueue }.value == false)
        #expect(await recorder.onMainQueue == [true, true])
        #expect(world.liveTaskCount == 0)
    }

    /// Many tasks, each many hops long, all finish: each queued job runs,
    /// and runs once.
    @Test func manyTasksOfManyHopsAllFinish_onTheMainQueue() async throws {
        _ = Self.mainQueueMark
        let world = try AppWorld(testing: .inMemory)
        let recorder = Recorder()
        let finished = Mutex(0)
        for _ in 0..<100 {
            _ = world.scheduler.spawn {
                for _ in 0..<10 { await recorder.record() }
                finished.withLock { $0 += 1 }
            }
        }
        await world.settle()

        #expect(finished.withLock { $0 } == 100)
        let onMainQueue = await recorder.onMainQueue
        #expect(onMainQueue.count == 1_000)
        #expect(onMainQueue.allSatisfy { $0 })
    }

    /// Hops made so far, read from the main actor while the chain runs.
    private final class HopCount: Sendable {
        private let hops = Atomic<Int>(0)
        var value: Int { hops.load(ordering: .relaxed) }
        func add() { hops.add(1, ordering: .relaxed) }
    }

    /// The main actor is not kept waiting by a long chain of hops: its job,
    /// queued as the chain begins, runs before the chain ends (a turn of the
    /// executor runs a bounded number of jobs, then lets the main queue's
    /// other work go first).
    @Test func aLongChainOfHops_letsTheMainActorHaveItsTurnBeforeItEnds() async throws {
        let world = try AppWorld(testing: .inMemory)
        let recorder = Recorder()
        let hops = HopCount()
        let chainLength = 1_000
        let mainActorJob = Mutex<Task<Int, Never>?>(nil)
        _ = world.scheduler.spawn {
            let job = Task { @MainActor in hops.value }
            mainActorJob.withLock { $0 = job }
            for _ in 0..<chainLength {
                await recorder.record()
                hops.add()
            }
        }
        await world.settle()

        #expect(hops.value == chainLength)
        let hopsWhenTheMainActorRan = try await #require(mainActorJob.withLock { $0 }).value
        #expect(hopsWhenTheMainActorRan < chainLength)
    }
}
