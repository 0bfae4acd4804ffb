import DomainCore
import Ports
import Testing

/// "Retry" on system-unavailable answers visibly (issue 27, item 5): the
/// check in flight, then what it found while that still holds; and the
/// monitor says when its next automatic check comes, on its own clock.
@MainActor
@Suite("System unavailable: retry answers")
struct SystemUnavailableRetryTests {
    @Test("A retry is checking while its check is in flight, then says the server is still down")
    func retryAnswersVisibly() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let probe = graph.harness.probe
        await probe.setHealthy(false)
        let main = graph.makeMainViewModel()
        let launching = Task { await main.launch.start() }
        await graph.harness.clock.waitForSleepers()
        #expect(main.retryAnswer == nil)

        await probe.hold()
        let retry = Task { await main.retryHealthCheck() }
        while await probe.heldCount == 0 { await Task.yield() }
        #expect(main.retryAnswer == .checking)
        await probe.release()
        await retry.value
        #expect(main.retryAnswer == .stillDown(.serverDown))

        // Once the server answers, the retry's answer no longer holds.
        await probe.setHealthy(true)
        await graph.harness.health.checkNow()
        #expect(main.retryAnswer == nil)
        await launching.value
    }

    @Test("A retry's \"still down\" is not said once a later check finds another cause")
    func retryAnswerEndsWithItsSituation() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        await graph.harness.probe.setHealthy(false)
        let main = graph.makeMainViewModel()
        let launching = Task { await main.launch.start() }
        await graph.harness.clock.waitForSleepers()
        await main.retryHealthCheck()
        #expect(main.retryAnswer == .stillDown(.serverDown))

        graph.harness.connectivity.set(connected: false)
        await graph.harness.health.checkNow()

        #expect(graph.harness.health.status == .offline)
        #expect(main.retryAnswer == nil)
        graph.harness.connectivity.set(connected: true)
        await graph.harness.probe.setHealthy(true)
        await graph.harness.health.checkNow()
        await launching.value
    }

    @Test("While it polls, the monitor says when the next check comes, read from its clock")
    func nextCheckFromTheClock() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let clock = graph.harness.clock
        let health = graph.harness.health
        await graph.harness.probe.setHealthy(false)
        #expect(health.nextCheckAt == nil, "nothing scheduled before monitoring")

        health.startMonitoring()
        await clock.waitForSleepers()
        let first = try #require(health.nextCheckAt)
        #expect(first == clock.now().addingTimeInterval(15))

        clock.advance(by: .seconds(15))
        await clock.waitForSleepers()
        #expect(health.nextCheckAt == first.addingTimeInterval(15))

        health.shutDown()
        #expect(health.nextCheckAt == nil)
    }
}
