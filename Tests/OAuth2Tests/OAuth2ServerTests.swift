import AdapterHTTP
import AdapterInMemory
import DomainCore
import Foundation
import TaskRuntime
import VirtualTime
import OAuth2ServerAccess
import Ports
import Testing

/// Issue 19's proof against a real OAuth 2.0 server (django-oauth-toolkit with
/// rotation and reuse protection, `scripts/oauth2-server`): the same token
/// manager as every backend, the OAuth 2.0 adapter, the Bearer resource
/// routes. Each test resets the server first; the suite runs one test at a
/// time because they share that server, and holds it alone
/// (`OAuth2ServerLock`) so that no contract test's token is reset or expired
/// under it.
@Suite(
    "OAuth 2.0 server", .serialized, .holdsTheOAuth2ServerAlone,
    .enabled(
        if: OAuth2Server.isConfigured,
        "OAUTH2_LEGACY_BASE_URL is not set (scripts/oauth2-server start --legacy-password-grant prints its URL)")
)
struct OAuth2ServerTests {
    /// The domain's token half wired on the OAuth 2.0 adapter: repository,
    /// in-memory store, token manager.
    struct Wired {
        let activity = VirtualActivity()
        let clock: ManualClock
        let scheduler: CountingTaskScheduler
        let store: InMemorySessionDataStore
        let repository: UserSessionRepository
        let tokenManager: TokenManager

        init(store: InMemorySessionDataStore = InMemorySessionDataStore()) throws {
            clock = ManualClock(activity: activity)
            scheduler = CountingTaskScheduler(activity: activity)
            self.store = store
            repository = UserSessionRepository(
                store: store, signOutLedger: InMemorySignOutLedger(), scheduler: scheduler,
                writeOutcomes: SessionStoreWriteRelay())
            tokenManager = TokenManager(
                authAPI: try OAuth2Server.auth(), clock: clock, scheduler: scheduler,
                policy: TokenPolicy(maxAuthorizedCallsInFlight: 6), repository: repository,
                sessionEnds: SessionEndRelay())
        }

        /// Signs Maria in and starts the session as a sign-in does.
        func signIn() async throws -> SessionToken {
            let issued = try await OAuth2Server.auth().signIn(OAuth2Server.maria)
            let token = TokenPolicy().issue(issued, at: clock.now())
            let generation = await repository.beginGeneration()
            await tokenManager.start(token, generation: generation)
            await repository.saveSession(UserSession(token: token, cachedUser: nil), generation: generation)
            return token
        }

        func stored() async -> SessionToken? {
            if case .found(let session) = await store.read() { return session.token }
            return nil
        }
    }

    @Test(
        "Sign-in by CPF and by e-mail issues an access token, a refresh token and the stated lifetime; the profile and statement answer with Bearer"
    )
    func signIn() async throws {
        try await OAuth2Server.reset()
        let auth = try OAuth2Server.auth()

        let byCPF = try await auth.signIn(OAuth2Server.maria)
        let byEmail = try await auth.signIn(OAuth2Server.mariaByEmail)

        #expect(byCPF.refreshToken != nil)
        #expect(byCPF.statedLifetime == .seconds(300))
        #expect(byCPF.accessToken != byEmail.accessToken)
        #expect(try await OAuth2Server.users().currentUser(token: byCPF.accessToken).cpf == "12345678909")
        #expect(try await OAuth2Server.statements().statement(token: byEmail.accessToken).itemsTotal > 0)
    }

    @Test(
        "A wrong password and an inactive account are refused as wrong credentials; a wrong client secret as a configuration error"
    )
    func refusals() async throws {
        try await OAuth2Server.reset()

        await #expect(throws: RemoteError.rejected(status: 401, code: .invalidCredentials)) {
            try await OAuth2Server.auth().signIn(
                Credentials(identifier: .cpf("12345678909"), password: Password("000000")))
        }
        await #expect(throws: RemoteError.rejected(status: 401, code: .invalidCredentials)) {
            try await OAuth2Server.auth().signIn(
                Credentials(identifier: .cpf("76626692038"), password: Password("111111")))
        }
        await #expect(throws: RemoteError.misconfigured(.clientRefused("invalid_client"))) {
            try await OAuth2Server.auth(secret: "wrong", clientID: "gatehouse-confidential").signIn(OAuth2Server.maria)
        }
        #expect(
            try await OAuth2Server.auth(secret: "gatehouse-test-secret", clientID: "gatehouse-confidential")
                .signIn(OAuth2Server.maria).refreshToken != nil)
    }

    @Test(
        "N concurrent calls with an expired access token make exactly one refresh and all succeed; the rotated refresh token is the one stored",
        arguments: [1, 10, 100])
    func concurrentCallsRefreshOnce(count: Int) async throws {
        try await OAuth2Server.reset()
        let wired = try Wired()
        let first = try await wired.signIn()
        try await OAuth2Server.expireAccessTokens()
        let users = try OAuth2Server.users()
        let manager = wired.tokenManager

        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do {
                        _ = try await manager.authorized { token throws(RemoteError) in
                            try await users.currentUser(token: token)
                        }
                        return false
                    } catch {
                        return true
                    }
                }
            }
            var failures = 0
            for await failed in group where failed { failures += 1 }
            return failures
        }

        #expect(failures == 0)
        let table = try await OAuth2Server.tokens()
        #expect(table.refresh.count == 2, "the sign-in's refresh token and exactly one refresh's")
        let stored = try #require(await wired.stored())
        let current = try #require(await manager.currentToken)
        #expect(stored == current)
        let storedRefresh = try #require(stored.refreshToken).reveal()
        #expect(storedRefresh != first.refreshToken?.reveal())
        #expect(table.liveRefresh.map(\.token) == [OAuth2Server.masked(storedRefresh)])
    }

    @Test(
        "Replaying the spent refresh token is refused by the server, which then revokes the family; the client never sends it"
    )
    func replayRefused() async throws {
        try await OAuth2Server.reset()
        let wired = try Wired()
        let first = try await wired.signIn()
        let spent = try #require(first.refreshToken)
        try await wired.tokenManager.refreshNow()
        let before = try await OAuth2Server.tokens()
        // The client's refresh spent the token once, and nothing reused it:
        // reuse protection would have revoked the new one.
        #expect(before.refresh.count == 2)
        #expect(before.liveRefresh.count == 1)

        await #expect(throws: RemoteError.rejected(status: 401, code: .tokenInvalid)) {
            try await OAuth2Server.auth().refresh(.refreshToken(spent))
        }
        #expect(try await OAuth2Server.tokens().liveRefresh.isEmpty, "reuse protection revoked the family")
    }

    @Test(
        "A relaunch after a refresh the server made but the app never stored sends the spent token once and ends the session as a refused token"
    )
    func relaunchAfterInterruptedRefresh() async throws {
        try await OAuth2Server.reset()
        let firstLaunch = try Wired()
        let first = try await firstLaunch.signIn()
        // The refresh reaches the server and rotates; the app is killed before the save.
        _ = try await OAuth2Server.auth().refresh(.refreshToken(try #require(first.refreshToken)))

        let relaunch = try Wired(store: firstLaunch.store)
        let stored = try #require(await relaunch.stored())
        let generation = await relaunch.repository.beginGeneration()
        await relaunch.tokenManager.start(stored, generation: generation)
        let error = await #expect(throws: AuthorizedCallError.self) { try await relaunch.tokenManager.refreshNow() }

        #expect(error == .sessionEnded(.tokenInvalid))
        #expect(try await OAuth2Server.tokens().liveRefresh.isEmpty)
    }

    @Test("Logout revokes the refresh token: the server's table shows it revoked, and the token no longer refreshes")
    func logoutRevokes() async throws {
        try await OAuth2Server.reset()
        let auth = try OAuth2Server.auth()
        let issued = try await auth.signIn(OAuth2Server.maria)
        let session = TokenPolicy().issue(issued, at: Date())

        try await auth.signOut(session)

        let table = try await OAuth2Server.tokens()
        #expect(table.refresh.count == 1)
        #expect(table.liveRefresh.isEmpty)
        await #expect(throws: RemoteError.rejected(status: 401, code: .tokenInvalid)) {
            try await auth.refresh(.refreshToken(try #require(issued.refreshToken)))
        }
        let refused = await #expect(throws: RemoteError.self) {
            try await OAuth2Server.users().currentUser(token: issued.accessToken)
        }
        #expect(refused?.isTokenRefused == true)
    }

    @Test("A revoked session at launch lands on the decision table's row for a refused token")
    @MainActor
    func revokedSessionAtLaunch() async throws {
        try await OAuth2Server.reset()
        let auth = try OAuth2Server.auth()
        let issued = try await auth.signIn(OAuth2Server.maria)
        let clock = ManualClock()
        let session = TokenPolicy().issue(issued, at: clock.now())
        try await auth.signOut(session)
        let store = InMemorySessionDataStore()
        try await store.save(
            UserSession(token: session, cachedUser: CachedUser(profile: try Self.maria(), syncedAt: clock.now())))

        let launch = try await LaunchedSession(store: store)
        await launch.launcher.bootstrap()

        #expect(launch.authSession.state == .unauthenticated(.tokenInvalid))
        #expect(await store.read() == .absent)
        launch.shutDown()
    }

    private static func maria() throws -> UserProfile {
        UserProfile(
            id: "1", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909", active: true,
            isDeleted: false)
    }
}
