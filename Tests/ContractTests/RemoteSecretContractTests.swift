import PortContracts
import Ports
import Testing

// Secrets in every remote suite: each remote port's seeded and control suites
// drive their failure paths with the recognisable secrets of `RemoteSecrets`
// (the HTTP fixtures' servers take `RemoteSecrets.apiKey` as their API key)
// and fail when any error's text holds one (`expectNoSecret`). The failure
// expectations every suite uses (`expectNetworkFailure`,
// `expectInvalidCredentials`) run the same check on every error they see.

extension AuthRemoteAPIContractTests {
    @Test(
        "no refusal says the password or the token it was sent (secrets in errors)",
        arguments: SeededAdapters.authOnCoraRoutes)
    func refusalsSayNoSecret(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let signInError = await #expect(throws: RemoteError.self) {
            try await auth.signIn(RemoteSecrets.wrongPassword(for: auth))
        }
        let accessError = await #expect(throws: RemoteError.self) {
            try await auth.refresh(.accessToken(AccessToken(RemoteSecrets.accessToken)))
        }
        let refreshError = await #expect(throws: RemoteError.self) {
            try await auth.refresh(.refreshToken(RefreshToken(RemoteSecrets.refreshToken)))
        }

        for error in [signInError, accessError, refreshError] { expectNoSecret(in: error) }
    }
}

extension AuthRemoteAPIControlContractTests {
    @Test(
        "no network failure says the API key, the password or a token (secrets in errors)",
        arguments: RemoteAdapters.authOnCoraRoutes, RemoteFault.networkFailures)
    func networkFailuresSayNoSecret(_ adapter: AuthAdapter, _ fault: RemoteFault) async throws {
        let (auth, server) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        var errors: [RemoteError?] = []

        try await server.injectFault(fault, on: .signIn)
        errors.append(
            await #expect(throws: RemoteError.self) { try await auth.signIn(RemoteSecrets.wrongPassword(for: auth)) })
        try await server.injectFault(fault, on: .refresh)
        errors.append(
            await #expect(throws: RemoteError.self) { try await auth.refresh(.secret(like: issued)) })
        for error in errors { expectNoSecret(in: error) }
        guard auth.offersSignOut else { return }
        // A sign-out reads no body: a malformed one may pass as success.
        try await server.injectFault(fault, on: .signOut)
        do {
            try await auth.signOut(.signedIn(with: AccessToken(RemoteSecrets.accessToken)))
        } catch {
            expectNoSecret(in: error)
        }
    }
}

extension AuthRemoteAPIContractTests {
    /// The dialect adapters here send their sign-in and refresh to routes a
    /// reference server does not serve: failures, each with its own secrets
    /// (the OAuth 2.0 one is a confidential client with `RemoteSecrets.clientSecret`).
    @Test(
        "a dialect adapter's failures say no secret, the client secret included (secrets in errors)",
        arguments: RemoteAdapters.authWithoutRegistration)
    func dialectFailuresSayNoSecret(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let signInError = await #expect(throws: RemoteError.self) { try await auth.signIn(RemoteSecrets.wrongEmail) }
        let refreshError = await #expect(throws: RemoteError.self) {
            try await auth.refresh(.refreshToken(RefreshToken(RemoteSecrets.refreshToken)))
        }

        for error in [signInError, refreshError] { expectNoSecret(in: error) }
    }
}

extension UserRemoteAPIContractTests {
    @Test("no refusal says the token it was sent (secrets in errors)", arguments: SeededAdapters.users)
    func refusalsSayNoSecret(_ adapter: UserAdapter) async throws {
        let (users, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await users.currentUser(token: AccessToken(RemoteSecrets.accessToken))
        }

        expectNoSecret(in: error)
    }
}

extension UserRemoteAPIControlContractTests {
    @Test(
        "no network failure says the API key or the token (secrets in errors)",
        arguments: RemoteAdapters.users, RemoteFault.networkFailures)
    func networkFailuresSayNoSecret(_ adapter: UserAdapter, _ fault: RemoteFault) async throws {
        let (users, server) = try await adapter.make()
        try await server.injectFault(fault, on: .currentUser)

        let error = await #expect(throws: RemoteError.self) {
            try await users.currentUser(token: AccessToken(RemoteSecrets.accessToken))
        }

        expectNoSecret(in: error)
    }
}

extension StatementRemoteAPIContractTests {
    @Test(
        "no refusal says the token it was sent (secrets in errors)",
        arguments: SeededAdapters.statementsOnCoraRoutes, StatementCall.allCases)
    func refusalsSayNoSecret(_ adapter: StatementAdapter, _ call: StatementCall) async throws {
        let (statements, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await call.perform(on: statements, id: "1", token: AccessToken(RemoteSecrets.accessToken))
        }

        expectNoSecret(in: error)
    }
}

extension StatementRemoteAPIControlContractTests {
    @Test(
        "no network failure says the API key or the token (secrets in errors)",
        arguments: RemoteAdapters.statementsOnCoraRoutes, StatementCall.allCases)
    func networkFailuresSayNoSecret(_ adapter: StatementAdapter, _ call: StatementCall) async throws {
        let (statements, server) = try await adapter.make()

        for fault in RemoteFault.networkFailures {
            try await server.injectFault(fault, on: call.operation)
            let error = await #expect(throws: RemoteError.self) {
                try await call.perform(on: statements, id: "1", token: AccessToken(RemoteSecrets.accessToken))
            }
            expectNoSecret(in: error)
        }
    }
}

extension HealthProbeControlContractTests {
    @Test(
        "no network failure or bad status says the API key (secrets in errors)",
        arguments: RemoteAdapters.health, RemoteFault.networkFailures)
    func failuresSayNoSecret(_ adapter: HealthAdapter, _ fault: RemoteFault) async throws {
        let (probe, server) = try await adapter.make()
        try await server.injectFault(fault, on: .health)

        do {
            _ = try await probe.check()
        } catch {
            expectNoSecret(in: error)
        }
    }
}
