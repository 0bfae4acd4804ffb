import AdapterInMemory
import DomainCore
import Foundation
import Ports
import Testing

/// Registering an account (`AccountRegistration`; docs/spec/explicit-actions.md, "Register").
@MainActor
@Suite("Account registration")
struct AccountRegistrationTests {

    @Test("Register never creates a session and never changes the state")
    func registerCreatesNoSession() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        let registration = Registration(
            name: "Ana Souza", email: "ana@example.com", cpf: "11144477735", password: Password("121212"))

        #expect(await harness.registration.register(registration).isSuccess)

        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
        #expect(await harness.server.signIns == 0)
        #expect(await harness.server.registrations == [registration])
    }

    @Test("Register is blocked while the server is down: nothing is sent")
    func registerBlockedWhileDown() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.probe.setHealthy(false)
        await harness.health.checkNow()
        let registration = Registration(
            name: "Ana", email: "ana@example.com", cpf: "11144477735", password: Password("121212"))

        #expect(await harness.registration.register(registration).failure == .systemUnavailable)
        #expect(await harness.server.registrations.isEmpty)
        harness.health.shutDown()
    }

    @Test(
        "Register failures are told apart for the form",
        arguments: [
            (RemoteError.rejected(status: 409, code: .alreadyRegistered), RegistrationFailure.alreadyRegistered),
            (
                .rejected(status: 400, code: .validationFailed, fields: ["email": "invalid"]),
                .invalidFields(["email": "invalid"])
            ),
            (.timeout, .timedOut),
            (.rejected(status: 502, code: nil), .server),
        ])
    func registerFailures(error: RemoteError, failure: RegistrationFailure) async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.server.set(register: .failure(error))
        let registration = Registration(
            name: "Ana", email: "ana@example.com", cpf: "11144477735", password: Password("121212"))

        #expect(await harness.registration.register(registration).failure == failure)
        #expect(harness.authSession.state == .unauthenticated(nil))
    }

}
