import Foundation
import Ports
import Synchronization
import TaskRuntime
import VirtualTime
import Testing

/// The handoff of `VirtualActivity`: a counted task lends its count to a
/// server in the same process, the server's parking is the client's, and a
/// client that hangs up has the server's work cancelled — all counted so that
/// `waitUntilIdle` returns exactly when nothing can run. No sockets here: the
/// "network" is the client awaiting the server's task, which, like waiting on
/// URLSession, does not park the client.
@Suite("VirtualActivity handoffs")
struct VirtualActivityHandoffTests {
    let activity = VirtualActivity()
    let clock: ManualClock
    let scheduler: CountingTaskScheduler
    let serverFinished = Outcomes()

    init() {
        clock = ManualClock(activity: activity)
        scheduler = CountingTaskScheduler(activity: activity)
    }

    /// A client task that lends its count to one request; the server's work
    /// waits `delay` on the clock, then answers.
    func request(serverDelay delay: TimeInterval) -> any TaskHandle<String> {
        let activity = self.activity
        let clock = self.clock
        let serverFinished = self.serverFinished
        return scheduler.spawn {
            guard let id = activity.lend() else { return "not lent" }
            let server = Task {
                await activity.serve(handoff: id) {
                    let outcome: String
                    do {
                        try await clock.sleep(until: clock.now().addingTimeInterval(delay))
                        outcome = "answered"
                    } catch {
                        outcome = "abandoned"
                    }
                    serverFinished.append(outcome)
                    return outcome
                }
            }
            let answer = await withTaskCancellationHandler {
                await server.value
            } onCancel: {
                activity.takeBack(id)
            }
            activity.takeBack(id)
            return answer
        }
    }

    @Test("A request the server delays on the clock counts as waiting, and goes on when the clock does")
    func delayedRequestIsIdle() async {
        let client = request(serverDelay: 5)

        await activity.waitUntilIdle()

        #expect(clock.sleeperCount == 1)
        #expect(activity.runnableCount == 0)
        #expect(activity.openHandoffCount == 1)
        #expect(!client.isFinished)

        clock.advance(by: .seconds(5))
        await activity.waitUntilIdle()

        #expect(client.isFinished)
        #expect(await client.value == "answered")
        #expect(activity.runnableCount == 0)
        #expect(activity.openHandoffCount == 0)
        #expect(activity.liveTaskCount == 0)
    }

    @Test("A request the server answers at once is waited for like any work")
    func immediateRequestIsWaitedFor() async {
        let client = request(serverDelay: 0)

        await activity.waitUntilIdle()

        #expect(client.isFinished)
        #expect(await client.value == "answered")
        #expect(activity.openHandoffCount == 0)
        #expect(activity.runnableCount == 0)
    }

    @Test("A client that hangs up while the server waits has the server's work cancelled, and idle waits for it")
    func hangUpCancelsServerWork() async {
        let client = request(serverDelay: 5)
        await activity.waitUntilIdle()

        client.cancel()
        await activity.waitUntilIdle()

        #expect(serverFinished.all == ["abandoned"])
        #expect(client.isFinished)
        #expect(await client.value == "abandoned")
        #expect(clock.sleeperCount == 0)
        #expect(activity.runnableCount == 0)
        #expect(activity.openHandoffCount == 0)
        #expect(activity.liveTaskCount == 0)
    }

    @Test(
        "Many requests parked at the server at once, then answered in one step of the clock", arguments: [1, 10, 100])
    func manyRequests(count: Int) async {
        let clients = (0..<count).map { _ in request(serverDelay: 5) }
        await activity.waitUntilIdle()
        #expect(clock.sleeperCount == count)
        #expect(activity.openHandoffCount == count)

        clock.advance(by: .seconds(5))
        await activity.waitUntilIdle()

        for client in clients { #expect(await client.value == "answered") }
        #expect(activity.openHandoffCount == 0)
        #expect(activity.runnableCount == 0)
    }

    @Test("Only a counted task lends; an uncounted one (a test, the runner) gets nothing to send")
    func uncountedTaskLendsNothing() {
        #expect(activity.lend() == nil)
        #expect(activity.openHandoffCount == 0)
    }

    @Test("Work for a handoff never lent runs uncounted and to the end")
    func unknownHandoffRunsUncounted() async {
        let clock = self.clock
        let outcome = await activity.serve(handoff: 42) {
            // Uncounted: parking here does not move the count below zero.
            let waiting = Task { try? await clock.sleep(until: clock.now().addingTimeInterval(1)) }
            await clock.waitForSleepers(atLeast: 1)
            #expect(self.activity.runnableCount == 0)
            clock.advance(by: .seconds(1))
            await waiting.value
            return Task.isCancelled ? "cancelled" : "done"
        }

        #expect(outcome == "done")
        #expect(activity.runnableCount == 0)
    }

    @Test("Taking a handoff back twice, or one never lent, changes nothing")
    func takeBackIsIdempotent() async {
        let client = request(serverDelay: 0)
        await activity.waitUntilIdle()
        _ = await client.value

        activity.takeBack(1)
        activity.takeBack(1)
        activity.takeBack(999)

        #expect(activity.runnableCount == 0)
        #expect(activity.openHandoffCount == 0)
    }
}

/// What the server's work came to, in order.
final class Outcomes: Sendable {
    private let outcomes = Mutex<[String]>([])

    func append(_ outcome: String) { outcomes.withLock { $0.append(outcome) } }

    var all: [String] { outcomes.withLock { $0 } }
}
