import AdapterDerived
import AdapterHTTP
import BoundedHTTP
import SimulatedBackend
import AdapterSoftwareCrypto
import DomainCore
import Ports
import Testing
import TaskRuntime
import VirtualTime

/// The auth adapters that offer a sign-in outside the app (`.browser` or
/// `.device` in `signInMethods`), for `AuthRemoteAPIExternalSignInContractTests`.
/// Each entry can also play the person, where its fixture can: the
/// in-memory backend simulates them (`InMemoryBackend.personSignsIn`); a
/// fixture that cannot leaves `person` nil and the tests that need one do
/// not run it.
///
/// The OAuth 2.0 adapter (`OAuth2AuthRemoteAPI`) is here with the browser
/// alone: beginning a browser sign-in sends nothing (it opens a loopback
/// listener and writes the URL), so no server is needed, and no person can
/// be played (its pages are a real server's: `NativeAppSignInTests`). Its
/// device flow, which asks a server at once, is proved by
/// `OAuth2DeviceSignInTests`.
struct ExternalSignInAdapter: Sendable, CustomTestStringConvertible {
    /// What a simulated person does; nil parts where a fixture cannot.
    struct Person: Sendable {
        let signsIn: @Sendable (Credentials) async throws -> Void
    }

    let testDescription: String
    private let makeAdapter: @Sendable () async throws -> (any AuthRemoteAPI, Person?)

    init(_ name: String, make: @escaping @Sendable () async throws -> (any AuthRemoteAPI, Person?)) {
        testDescription = name
        makeAdapter = make
    }

    func make() async throws -> (any AuthRemoteAPI, Person?) { try await makeAdapter() }
}

enum ExternalSignInAdapters {
    static let all: [ExternalSignInAdapter] = [
        inMemory("InMemoryAuthRemoteAPI(signInMethods: browser, device)", methods: [.browser, .device]) { $0 },
        inMemory("InMemoryAuthRemoteAPI(signInMethods: device, password)", methods: [.device, .password]) { $0 },
        inMemory("OutcomeRecordingAuthRemoteAPI(InMemoryAuthRemoteAPI(browser, device))", methods: [.browser, .device])
        { OutcomeRecordingAuthRemoteAPI($0, recorder: CallOutcomeRecorder()) },
        inMemory("DeadlineAuthRemoteAPI(InMemoryAuthRemoteAPI(browser, device))", methods: [.browser, .device]) {
            DeadlineAuthRemoteAPI($0, deadline: .neverFiring)
        },
        oauth2("OAuth2AuthRemoteAPI(signInMethods: browser)", methods: [.browser]),
        oauth2("OAuth2AuthRemoteAPI(signInMethods: browser, password)", methods: [.browser, .password]),
    ]

    /// The OAuth 2.0 adapter toward an address nothing answers at: its
    /// browser sign-in begins without a request.
    private static func oauth2(_ name: String, methods: [SignInMethod]) -> ExternalSignInAdapter {
        ExternalSignInAdapter(name) {
            let auth = OAuth2AuthRemoteAPI(
                configuration: try HTTPConfiguration(
                    baseURL: "http://127.0.0.1:9", apiKey: nil, tokenHeaderStyle: .bearer),
                client: OAuth2Configuration(
                    clientID: "gatehouse-native", signInMethods: methods, scope: "openid read"),
                proofMaker: SoftwareAuthorizationProofMaker())
            return (auth, nil)
        }
    }

    private static func inMemory(
        _ name: String, methods: [SignInMethod],
        wrap: @escaping @Sendable (any AuthRemoteAPI) -> any AuthRemoteAPI
    ) -> ExternalSignInAdapter {
        ExternalSignInAdapter(name) {
            let backend = InMemoryBackend(clock: ManualClock())
            let auth = InMemoryAuthRemoteAPI(backend: backend, registrationOffer: .none, signInMethods: methods)
            return (wrap(auth), ExternalSignInAdapter.Person { try await backend.personSignsIn($0) })
        }
    }
}
