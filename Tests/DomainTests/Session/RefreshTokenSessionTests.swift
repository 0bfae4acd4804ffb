import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// Sign-in, logout and launch with a backend that issues refresh tokens,
/// rotates them and revokes the family when a spent one comes back.
@MainActor
@Suite("The session with refresh tokens")
struct RefreshTokenSessionTests {
    @Test("Sign-in stores the refresh token and the stated lifetime beside the access token")
    func signInStoresRefreshToken() async throws {
        let harness = SessionHarness()
        await harness.server.setIssuesRefreshTokens(true, statedLifetime: .seconds(300))

        await harness.signInAsMaria()

        let stored = try #require(await harness.storedSession()?.token)
        #expect(stored.refreshToken != nil)
        #expect(await harness.server.liveRefreshTokens == [try #require(stored.refreshToken).reveal()])
        #expect(stored.expiresAt == harness.clock.now().addingTimeInterval(300))
    }

    @Test("Logout ends the refresh token on the backend, best effort, and keeps nothing")
    func logoutEndsRefreshToken() async throws {
        let harness = SessionHarness()
        await harness.server.setIssuesRefreshTokens(true)
        await harness.signInAsMaria()
        let refreshToken = try #require(await harness.storedSession()?.token?.refreshToken)

        await harness.sessionEnd.logout()

        #expect(await harness.server.signedOutTokens == [refreshToken.reveal()])
        #expect(await harness.server.liveRefreshTokens.isEmpty)
        #expect(await harness.storedSession() == nil)
    }

    @Test(
        "A relaunch whose stored refresh token was spent by a refresh the app never saw ends the session as a refused token, once"
    )
    func relaunchAfterInterruptedRefresh() async throws {
        let harness = SessionHarness()
        await harness.server.setIssuesRefreshTokens(true)
        let stored = await harness.storeSession(issuedAgo: .seconds(120))
        let spent = try #require(stored.token?.refreshToken)
        // The refresh reached the server, which rotated; the app was killed
        // before the answer arrived, so the store still holds the spent token.
        _ = try await harness.server.refresh(.refreshToken(spent))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(.tokenInvalid))
        #expect(await harness.server.refreshedTokens == [spent.reveal(), spent.reveal()])
        #expect(await harness.storedSession() == nil)
        // The server's reuse protection ended the family; nothing is left to replay.
        #expect(await harness.server.liveRefreshTokens.isEmpty)
    }
}
