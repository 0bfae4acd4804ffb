import AdapterInMemory
import PortContracts
import Ports
import Testing

/// Every error status the wire can carry, with each body a server or a proxy
/// in front of it sends (the dialect's error envelope, nothing, an HTML
/// page), run through the auth port's calls on every adapter of its control
/// list (the user and statement ports' are a promise of their contracts in
/// `PortContracts`, `UserRemoteAPIControlContractTests` and
/// `StatementRemoteAPIControlContractTests`): the mapping `RemoteError` promises ("An error answer, by
/// its status") holds for each. A dialect that mapped a 503 to wrong
/// credentials, or a 401 to a server failure, fails here by name.
@Suite("Remote contract: every error status", .needsControlAPI)
struct RemoteErrorStatusContractTests {
    @Test(
        "An error status on sign-in, refresh and registration maps as RemoteError says, whatever its body",
        arguments: RemoteAdapters.auth, ErrorStatusTable.statuses)
    func authCalls(_ adapter: AuthAdapter, _ status: Int) async throws {
        let (auth, server) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        for body in InMemoryBackend.ErrorBody.allCases {
            let fault = RemoteFault.status(status, body: body)
            try await server.injectFault(fault, on: .signIn)
            let signIn = await #expect(throws: RemoteError.self) {
                try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
            }
            expectMapped(signIn, answering: fault, on: .signIn)

            try await server.injectFault(fault, on: .refresh)
            let refresh = await #expect(throws: RemoteError.self) {
                try await auth.refresh(RefreshCredential(issued: issued))
            }
            expectMapped(refresh, answering: fault, on: .refresh)

            // Without registration `register` sends nothing (the registration suite proves it).
            guard auth.offersRegistration else { continue }
            try await server.injectFault(fault, on: .register)
            let register = await #expect(throws: RemoteError.self) { try await auth.register(RemoteSeed.newcomer()) }
            expectMapped(register, answering: fault, on: .register)
        }
    }
}

/// The statuses the suites answer with: every class `RemoteError`'s mapping
/// names (the request's fault, the credentials', the account's, a conflict,
/// the server busy or timed out, the server failed, a gateway's).
enum ErrorStatusTable {
    static let statuses = errorStatusesOnTheWire
}

/// Expects `error` to be what `RemoteError` promises for an error answer of
/// `fault`'s status, naming the status, body and operation when it is not;
/// and that the error says no secret.
func expectMapped(
    _ error: RemoteError?, answering fault: RemoteFault, on operation: RemoteOperation,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard case .status(let status, _) = fault, let error else { return }
    let problems = RemoteErrorStatusMapping.problems(of: error, answering: status)
    for problem in problems {
        Issue.record(
            "\(operation) answered \(fault.testDescription) gave \(error): \(problem)", sourceLocation: sourceLocation)
    }
    expectNoSecret(in: error, sourceLocation: sourceLocation)
}
