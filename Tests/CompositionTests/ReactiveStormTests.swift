import AdapterHTTP
import BoundedHTTP
import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import ReferenceServer
import TaskRuntime
import VirtualTime
import Testing

/// A reactive storm — N concurrent statement calls meeting a token the server
/// has expired while the app still holds it as fresh — puts at most N + K
/// requests on the wire (K: the calls the token manager admits at once, the
/// transport's connections per host), with exactly one refresh and no
/// failure: the calls beyond K wait behind the barrier and leave with the new
/// token. Counted by the backend, never timed.
@Suite("Reactive storm")
struct ReactiveStormTests {
    private static let maria = Credentials(identifier: .cpf("12345678909"), password: Password("123456"))

    /// The token manager on `auth`, holding `token` as fresh for an hour
    /// (so only the server's 401 tells it otherwise).
    private static func tokenManager(auth: any AuthRemoteAPI, token: AccessToken, limit: Int?) async -> TokenManager {
        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let scheduler = CountingTaskScheduler(activity: activity)
        let policy = TokenPolicy(lifetime: .seconds(3600), maxAuthorizedCallsInFlight: limit)
        let repository = UserSessionRepository(
            store: InMemorySessionDataStore(), signOutLedger: InMemorySignOutLedger(), scheduler: scheduler,
            writeOutcomes: SessionStoreWriteRelay())
        let manager = TokenManager(
            authAPI: auth, clock: clock, scheduler: scheduler, policy: policy, repository: repository,
            sessionEnds: SessionEndRelay())
        let generation = await repository.beginGeneration()
        await manager.start(policy.issue(token, at: clock.now()), generation: generation)
        return manager
    }

    private static func storm(
        _ count: Int, through manager: TokenManager, statements: any StatementRemoteAPI
    ) async -> [Result<Statement, AuthorizedCallError>] {
        await withTaskGroup(of: Result<Statement, AuthorizedCallError>.self) { group in
            for _ in 0..<count {
                group.addTask {
                    do throws(AuthorizedCallError) {
                        return .success(
                            try await manager.authorized { token throws(RemoteError) in
                                try await statements.statement(token: token)
                            })
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var results: [Result<Statement, AuthorizedCallError>] = []
            for await result in group { results.append(result) }
            return results
        }
    }

    @Test(
        "over HTTP to an in-process server, 100 calls on an expired token: 1 refresh, 0 failures, at most 100 + 6 list requests"
    )
    func overHTTP() async throws {
        let clock = ManualClock()
        let backend = InMemoryBackend(clock: clock)
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(port: 0, apiKey: "storm-key"), backend: backend,
            virtualClock: clock)
        server.start()
        defer { server.stop() }
        let configuration = try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey("storm-key"))
        let connections = configuration.maximumConnectionsPerHost
        let token = try await backend.signIn(Self.maria)
        clock.advance(by: .seconds(61))  // past its lifetime on the server, still refreshable
        let manager = await Self.tokenManager(
            auth: URLSessionAuthRemoteAPI(configuration: configuration), token: token, limit: connections)

        let results = await Self.storm(
            100, through: manager, statements: URLSessionStatementRemoteAPI(configuration: configuration))

        let metrics = await backend.metrics()
        #expect(results.filter { !$0.isSuccess }.isEmpty)
        #expect(metrics.refreshes == 1)
        #expect(metrics.requestCount(BackendRoute.statementList) <= 100 + connections)
        #expect(connections == 6, "URLSession's default on Linux")
    }

    @Test(
        "in memory, N calls on an expired token with a limit of K: 1 refresh, 0 failures, at most N + K requests",
        arguments: [(100, 1), (100, 4), (1000, 6)])
    func inMemory(count: Int, limit: Int) async throws {
        let clock = ManualClock()
        let backend = InMemoryBackend(clock: clock)
        let token = try await backend.signIn(Self.maria)
        clock.advance(by: .seconds(61))
        let manager = await Self.tokenManager(auth: InMemoryAuthRemoteAPI(backend: backend), token: token, limit: limit)

        let results = await Self.storm(
            count, through: manager, statements: InMemoryStatementRemoteAPI(backend: backend))

        let metrics = await backend.metrics()
        #expect(results.filter { !$0.isSuccess }.isEmpty)
        #expect(metrics.refreshes == 1)
        #expect(metrics.requestCount(BackendRoute.statementList) <= count + limit)
        #expect(await manager.callersWaitingForAdmission == 0)
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
