import AdapterHTTP
import AdapterInMemory
import AdapterSoftwareCrypto
import DomainCore
import Foundation
import Ports
import TaskRuntime
import VirtualTime

/// A launch of the app's session layer on the OAuth 2.0 server: `Launcher`
/// and the `AuthSession` it decides, with the OAuth 2.0 adapter, the Bearer user route, health from `/health`,
/// and the store a previous launch left.
@MainActor
final class LaunchedSession {
    let authSession: AuthSession
    let launcher: Launcher
    private let health: HealthMonitor

    init(store: InMemorySessionDataStore) async throws {
        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let scheduler = CountingTaskScheduler(activity: activity)
        let configuration = try OAuth2Server.configuration()
        let storeWrites = SessionStoreWriteRelay()
        let repository = UserSessionRepository(
            store: store, signOutLedger: InMemorySignOutLedger(), scheduler: scheduler, writeOutcomes: storeWrites)
        let auth = try OAuth2Server.auth()
        let policy = TokenPolicy()
        let tokenManager = TokenManager(
            authAPI: auth, clock: clock, scheduler: scheduler, policy: policy, repository: repository,
            sessionEnds: SessionEndRelay())
        health = HealthMonitor(
            probe: URLSessionHealthProbe(configuration: configuration), connectivity: InMemoryConnectivity(),
            clock: clock, scheduler: scheduler)
        authSession = AuthSession(
            refresh: ProactiveRefresh(tokenManager: tokenManager, clock: clock, scheduler: scheduler, policy: policy))
        let pins = SessionPIN(vault: InMemoryPINVault(hasher: SoftwareSecretHasher()), session: authSession)
        launcher = Launcher(
            session: authSession,
            decisions: SessionDecisions(
                session: authSession, repository: repository, tokenManager: tokenManager, pins: pins, clock: clock),
            repository: repository, tokenManager: tokenManager, authAPI: auth,
            userAPI: URLSessionUserRemoteAPI(configuration: configuration), health: health, scheduler: scheduler,
            clock: clock)
        storeWrites.attach(authSession)
    }

    func shutDown() {
        health.shutDown()
    }
}
