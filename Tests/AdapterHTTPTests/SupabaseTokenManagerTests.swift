import AdapterHTTP
import BoundedHTTP
import AdapterInMemory
import DomainCore
import Foundation
import Ports
import Synchronization
import TaskRuntime
import VirtualTime
import Testing

/// The domain's token manager on the Supabase adapters, against a stub that
/// keeps Supabase Auth's rules: the access token the server considers
/// expired is refused with `bad_jwt` (as GoTrue refuses an expired JWT), a
/// refresh token works once (rotation), and a spent one is
/// `refresh_token_already_used`.
@Suite("Supabase Auth through the token manager")
struct SupabaseTokenManagerTests {
    /// A Supabase Auth double: issues AT-n/RT-n, refreshes each refresh token once.
    final class Backend: Sendable {
        private struct State {
            var generation = 1
            var refreshes = 0
            var spent: Set<String> = []
        }
        private let state = Mutex(State())

        var refreshes: Int { state.withLock { $0.refreshes } }

        func answer(_ request: StubServer.Received) -> StubServer.Answer {
            switch request.path {
            case "/auth/v1/token?grant_type=password":
                return .json(200, SupabaseFixtures.tokenAnswer(access: "AT-1", refresh: "RT-1"))
            case "/auth/v1/token?grant_type=refresh_token":
                let sent = (try? JSONSerialization.jsonObject(with: request.body) as? [String: String])?[
                    "refresh_token"]
                return state.withLock { state in
                    guard let sent, sent == "RT-\(state.generation)", !state.spent.contains(sent) else {
                        return .json(
                            400,
                            SupabaseFixtures.httpError(
                                400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"))
                    }
                    state.spent.insert(sent)
                    state.refreshes += 1
                    state.generation += 1
                    return .json(
                        200,
                        SupabaseFixtures.tokenAnswer(
                            access: "AT-\(state.generation)", refresh: "RT-\(state.generation)"))
                }
            case "/auth/v1/user":
                let current = state.withLock { "Bearer AT-\($0.generation)" }
                guard request.header("Authorization") == current, current != "Bearer AT-1" else {
                    return .json(
                        403,
                        SupabaseFixtures.httpError(
                            403, "bad_jwt",
                            "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired"
                        ))
                }
                return .json(200, SupabaseFixtures.user)
            default:
                return .json(404, SupabaseFixtures.httpError(404, "not_found", "Not found"))
            }
        }
    }

    @Test(
        "N concurrent calls with an expired access token make exactly one refresh and all succeed; the rotated refresh token is the one stored",
        arguments: [1, 10, 100])
    func concurrentCallsRefreshOnce(count: Int) async throws {
        let backend = Backend()
        let server = try StubServer { backend.answer($0) }
        defer { server.stop() }
        let configuration = try HTTPConfiguration(
            baseURL: server.baseURL + "/auth/v1", apiKey: APIKey("anon"), tokenHeaderStyle: .bearer)
        let auth = SupabaseAuthRemoteAPI(configuration: configuration)
        let users = SupabaseUserRemoteAPI(configuration: configuration)

        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let scheduler = CountingTaskScheduler(activity: activity)
        let store = InMemorySessionDataStore()
        let repository = UserSessionRepository(
            store: store, signOutLedger: InMemorySignOutLedger(), scheduler: scheduler,
            writeOutcomes: SessionStoreWriteRelay())
        let manager = TokenManager(
            authAPI: auth, clock: clock, scheduler: scheduler, policy: TokenPolicy(maxAuthorizedCallsInFlight: 6),
            repository: repository, sessionEnds: SessionEndRelay())
        let issued = try await auth.signIn(
            Credentials(identifier: .email("user@example.com"), password: Password("password1")))
        let token = TokenPolicy().issue(issued, at: clock.now())
        let generation = await repository.beginGeneration()
        await manager.start(token, generation: generation)
        await repository.saveSession(UserSession(token: token, cachedUser: nil), generation: generation)

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
        #expect(backend.refreshes == 1)
        let current = try #require(await manager.currentToken)
        #expect(current.token == AccessToken("AT-2"))
        #expect(current.refreshToken == RefreshToken("RT-2"))
        guard case .found(let stored) = await store.read() else {
            Issue.record("no session stored")
            return
        }
        #expect(stored.token?.refreshToken == RefreshToken("RT-2"))
    }
}
