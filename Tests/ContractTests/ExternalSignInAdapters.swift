import AdapterDerived
import AdapterInMemory
import DomainCore
import Ports
import Testing
import TaskRuntime

/// The auth adapters that offer a sign-in outside the app (`.browser` or
/// `.device` in `signInMethods`), for `AuthRemoteAPIExternalSignInContractTests`.
/// Each entry can also play the person, where its fixture can: the
/// in-memory backend simulates them (`InMemoryBackend.personSignsIn`); a
/// fixture that cannot leaves `person` nil and the tests that need one do
/// not run it.
///
/// For now only the in-memory adapter is configured so. The OAuth 2.0
/// adapter (`OAuth2AuthRemoteAPI`, its browser and device flows) joins this
/// list with one entry, against its stand-in (`OAuth2StandInFixture`), once
/// those flows exist: add it to `ExternalSignInAdapters.all`.
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
    ]

    private static func inMemory(
        _ name: String, methods: [SignInMethod],
        wrap: @escaping @Sendable (any AuthRemoteAPI) -> any AuthRemoteAPI
    ) -> ExternalSignInAdapter {
        ExternalSignInAdapter(name) {
            let backend = InMemoryBackend(clock: ManualClock())
            let auth = InMemoryAuthRemoteAPI(backend: backend, offersRegistration: false, signInMethods: methods)
            return (wrap(auth), ExternalSignInAdapter.Person { try await backend.personSignsIn($0) })
        }
    }
}
