import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// The proactive refresh (`ProactiveRefresh`, started and stopped by the session state and `AppLifecycle`; docs/spec/tokens.md, "Proactive refresh").
@MainActor
@Suite("Proactive refresh")
struct ProactiveRefreshTests {

    @Test("The proactive refresh fires at the margin before expiry and saves each new token")
    func proactiveRefreshAtMargin() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        let first = try #require(await harness.tokenManager.currentToken)
        await harness.clock.waitForSleepers()
        #expect(harness.clock.nextDeadline == first.expiresAt.addingTimeInterval(-10))

        harness.clock.advance(by: .seconds(49))
        #expect(await harness.server.refreshedTokens.isEmpty)

        harness.clock.advance(by: .seconds(1))
        await harness.server.wait { $0.refreshedTokens.count == 1 }
        await harness.clock.waitForSleepers()
        let second = try #require(await harness.tokenManager.currentToken)
        #expect(second != first)
        #expect(await harness.storedSession()?.token == second)
    }

    @Test("Ten minutes signed in on the default lifetime make exactly twelve refreshes, every token saved")
    func tenMinutesOfRefreshes() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        for _ in 0..<12 {
            await harness.clock.waitForSleepers()
            harness.clock.advance(by: .seconds(50))
        }
        await harness.server.wait { $0.refreshedTokens.count == 12 }
        await harness.clock.waitForSleepers()

        #expect(await harness.server.refreshedTokens.count == 12)
        #expect(await harness.storedSession()?.token == (await harness.tokenManager.currentToken))
        #expect(await harness.currentUser().isSuccess)
    }

    @Test("Settling after each step of virtual time shows every refresh done and saved, with no other wait")
    func settleMakesRefreshesVisible() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        await harness.activity.waitUntilIdle()

        for minute in 1...10 {
            harness.clock.advance(by: .seconds(50))
            await harness.activity.waitUntilIdle()
            #expect(await harness.server.refreshedTokens.count == minute)
            #expect(await harness.storedSession()?.token == (await harness.tokenManager.currentToken))
        }
    }

    @Test("In the background nothing refreshes; back in the foreground the loop resumes")
    func backgroundStopsProactiveRefresh() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        await harness.clock.waitForSleepers()

        harness.lifecycle.enterBackground()
        #expect(!harness.authSession.isRefreshingProactively)
        harness.clock.advance(by: .seconds(600))
        #expect(await harness.server.refreshedTokens.isEmpty)

        harness.lifecycle.enterForeground()
        #expect(harness.authSession.isRefreshingProactively)
        // The token's refresh window (300 s) is closed by now: the server refuses.
        await harness.server.set(refresh: .fail(.rejected(status: 401, code: .tokenExpired)))
        await harness.server.wait { $0.refreshedTokens.count == 1 }
    }
}
