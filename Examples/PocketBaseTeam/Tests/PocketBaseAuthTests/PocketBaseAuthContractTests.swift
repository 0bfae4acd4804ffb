import BoundedHTTP
import PocketBaseAuth
import PocketBaseStandIn
import PortContracts
import Ports
import SimulatedBackend
import StandInKit
import Testing
import VirtualTime

/// Gatehouse's `AuthRemoteAPI` contract, every promise of it — those that
/// need the server's switches too — on this team's PocketBase adapter
/// against its stand-in, with the kit's switches (`StandInAuthControl`). A
/// promise Gatehouse adds runs here on the next update, with no line changed.
@Suite("PocketBaseAuthRemoteAPI keeps the AuthRemoteAPI port's promises")
struct PocketBaseAuthContractTests {
    @Test(.timeLimit(.minutes(5)), arguments: AuthRemoteAPIContract.Promise.allCases)
    func keepsThePromise(_ promise: AuthRemoteAPIContract.Promise) async throws {
        try await AuthRemoteAPIContract.check(promise, on: Self.underTest)
    }

    /// The adapter against a fresh stand-in on virtual time.
    @Sendable static func underTest() async throws -> AuthAPIUnderTest {
        let clock = ManualClock()
        let standIn = try PocketBaseStandIn(
            backend: InMemoryBackend(
                clock: clock, configuration: InMemoryBackend.Configuration(passwordRule: .atLeast(6))))
        let auth = PocketBaseAuthRemoteAPI(
            configuration: try HTTPConfiguration(
                baseURL: standIn.baseURL, apiKey: nil, tokenHeaderStyle: .bearer, timeout: .seconds(30)))
        let control = StandInAuthControl(
            backend: standIn.backend, clock: clock, auth: auth,
            routes: [
                .signIn: PocketBaseStandIn.Route.authWithPassword.rawValue,
                .refresh: PocketBaseStandIn.Route.authRefresh.rawValue,
                .register: PocketBaseStandIn.Route.createRecord.rawValue,
            ])
        return AuthAPIUnderTest(api: auth, server: control)
    }
}
