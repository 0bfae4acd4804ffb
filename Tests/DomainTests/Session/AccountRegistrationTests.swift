import AdapterInMemory
import SimulatedBackend
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

    @Test("Where sign-up signs the person in, register opens the session as a sign-in does")
    func registerThatSignsInOpensTheSession() async throws {
        let harness = SessionHarness(registrationOffer: .createsASession(taking: [.email, .password]))
        await harness.launcher.bootstrap()
        let registration = Registration(name: "", email: "maria@example.com", cpf: "", password: Password("121212"))

        let result = await harness.registration.register(registration)

        #expect(result == .success(.signedIn(.maria)))
        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.server.registrations == [registration])
        #expect(await harness.store.stored?.cachedUser?.profile == .maria)
        harness.health.shutDown()
    }

    @Test("Where sign-up signs in but the profile cannot be read, the account is said made and no session kept")
    func registerThatSignsInButCannotOpenIsAnAccount() async throws {
        let harness = SessionHarness(registrationOffer: .createsASession(taking: [.email, .password]))
        await harness.launcher.bootstrap()
        await harness.server.set(user: .fail(.rejected(status: 503, code: nil)))
        let registration = Registration(name: "", email: "ana@example.com", cpf: "", password: Password("121212"))

        let result = await harness.registration.register(registration)

        #expect(result == .success(.accountCreated))
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.stored == nil)
        harness.health.shutDown()
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
