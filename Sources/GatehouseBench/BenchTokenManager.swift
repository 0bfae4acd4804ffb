import AdapterInMemory
import DomainCore
import Ports
import TaskRuntime

/// A token manager on its own, as the storm scenarios use it: an in-memory
/// session store, no session end attached, started on `token` issued now.
enum BenchTokenManager {
    /// - Parameters:
    ///   - stage: the backend the refresh calls go to.
    ///   - clock: the app's clock (the backend's, or one of its own).
    ///   - token: the access token the session starts with.
    ///   - maxInFlight: the cap of calls on the wire; nil for none.
    static func started(
        on stage: BenchBackendStage, clock: any Clock, token: AccessToken, maxInFlight: Int?
    ) async -> TokenManager {
        let scheduler = CountingTaskScheduler(activity: VirtualActivity())
        let repository = UserSessionRepository(
            store: InMemorySessionDataStore(), signOutLedger: InMemorySignOutLedger(), scheduler: scheduler,
            writeOutcomes: SessionStoreWriteRelay())
        let policy = TokenPolicy(maxAuthorizedCallsInFlight: maxInFlight)
        let manager = TokenManager(
            authAPI: stage.auth, clock: clock, scheduler: scheduler, policy: policy, repository: repository,
            sessionEnds: SessionEndRelay())
        await manager.start(policy.issue(token, at: clock.now()), generation: await repository.beginGeneration())
        return manager
    }

    /// One authorised `GET /users/me` through `manager`: whether it returned the user.
    static func currentUser(through manager: TokenManager, from user: any UserRemoteAPI) async -> Bool {
        do {
            _ = try await manager.authorized { token throws(RemoteError) in
                try await user.currentUser(token: token)
            }
            return true
        } catch {
            return false
        }
    }
}
