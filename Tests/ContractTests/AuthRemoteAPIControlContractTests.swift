import Ports
import Testing

/// The part of `AuthRemoteAPI`'s contract that needs the control API:
/// account states, the server's clock, revocation, metrics, faults, and
/// sign-ups that the next run would find taken without a reset.
@Suite("AuthRemoteAPI contract, control switches", .needsControlAPI)
struct AuthRemoteAPIControlContractTests {
    @Test("signIn to a deleted account is refused like wrong credentials", arguments: RemoteAdapters.authOnCoraRoutes)
    func signInToDeletedAccountIsRefusedLikeWrongCredentials(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .deleted)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        }

        expectInvalidCredentials(error)
    }

    @Test(
        "a token past its lifetime but inside its refresh window can be refreshed",
        arguments: RemoteAdapters.authOnCoraRoutes)
    func tokenPastLifetimeInsideWindowCanBeRefreshed(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let old = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        try await server.advanceServerClock(by: server.tokenLifetime + .seconds(1))

        let new = try await auth.refresh(RefreshCredential(issued: old))

        #expect(new.accessToken != old.accessToken)
        _ = try await auth.refresh(RefreshCredential(issued: new))
    }

    @Test(
        "a token past its refresh window is refused as TOKEN_EXPIRED where the adapter tells it apart, TOKEN_INVALID otherwise",
        arguments: RemoteAdapters.authOnCoraRoutes)
    func tokenPastRefreshWindowIsRefusedAsExpired(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let old = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        try await server.advanceServerClock(by: server.refreshWindow + .seconds(1))

        let error = await #expect(throws: RemoteError.self) { try await auth.refresh(RefreshCredential(issued: old)) }

        #expect(error == (auth.refusalsToldApart.contains(.expiryAtRefresh) ? .tokenExpired : .tokenInvalid))
    }

    @Test("refresh of a revoked token is refused as TOKEN_INVALID", arguments: RemoteAdapters.authOnCoraRoutes)
    func revokedTokenIsRefusedAsInvalid(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        try await server.revokeAllTokens()

        let error = await #expect(throws: RemoteError.self) {
            try await auth.refresh(RefreshCredential(issued: issued))
        }

        #expect(error == .tokenInvalid)
    }

    @Test(
        "refresh for an inactive account is refused as USER_INACTIVE where the adapter tells it apart, TOKEN_INVALID otherwise",
        arguments: RemoteAdapters.authOnCoraRoutes)
    func refreshForInactiveAccountIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .inactive)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.refresh(RefreshCredential(issued: issued))
        }

        #expect(error == (auth.refusalsToldApart.contains(.accountStateAtRefresh) ? .userInactive : .tokenInvalid))
    }

    @Test(
        "refresh for a deleted account is refused as USER_DELETED where the adapter tells it apart, TOKEN_INVALID otherwise",
        arguments: RemoteAdapters.authOnCoraRoutes)
    func refreshForDeletedAccountIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .deleted)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.refresh(RefreshCredential(issued: issued))
        }

        #expect(error == (auth.refusalsToldApart.contains(.accountStateAtRefresh) ? .userDeleted : .tokenInvalid))
    }

    @Test(
        "register answers as the offer says: an account's id and no session, or a session whose tokens refresh",
        .needsRoutes(RemoteRoute.register), arguments: RemoteAdapters.auth)
    func registerAnswersAsOffered(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        try adapter.requireDeclared(auth.offersRegistration, "offersRegistration", absence: registrationRefusalProved)
        let registration = RemoteSeed.newcomer()
        let before = try await server.metrics()

        let outcome = try await auth.register(registration)

        switch (auth.registrationOffer, outcome) {
        case (.createsAnAccount, .accountCreated(let id)):
            #expect(!id.isEmpty)
            let after = try await server.metrics()
            #expect(after.logins == before.logins)
            #expect(after.tokensLive == before.tokensLive)
            let error = await #expect(throws: RemoteError.self) {
                try await auth.refresh(.accessToken(AccessToken(id)))
            }
            #expect(error == .tokenInvalid)
        case (.createsASession, .signedIn(let issued)):
            let user = try await server.users.currentUser(token: issued.accessToken)
            #expect(user.email == registration.email)
            let refreshed = try await auth.refresh(RefreshCredential(issued: issued))
            #expect(refreshed.accessToken != issued.accessToken)
            #expect(try await server.users.currentUser(token: refreshed.accessToken).id == user.id)
        case (let offer, .accountCreated):
            Issue.record("an adapter whose offer is \(offer) answered an account and no session")
        case (let offer, .signedIn):
            Issue.record("an adapter whose offer is \(offer) answered a session")
        }
    }

    @Test(
        "a registered account signs in with the password sent, by each identifier its sign-up took",
        .needsRoutes(RemoteRoute.register, RemoteRoute.currentUser), .needsSignInByEmail, arguments: RemoteAdapters.auth
    )
    func registeredAccountSignsIn(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        try adapter.requireDeclared(auth.offersRegistration, "offersRegistration", absence: registrationRefusalProved)
        let fields = auth.registrationOffer.fields
        let registration = RemoteSeed.newcomer()
        let id: String
        switch try await auth.register(registration) {
        case .accountCreated(let accountID): id = accountID
        case .signedIn(let issued): id = try await server.users.currentUser(token: issued.accessToken).id
        }
        var identifiers: [LoginIdentifier] = []
        if fields.contains(.cpf), auth.signsInByCPF { identifiers.append(.cpf(registration.cpf)) }
        if fields.contains(.email), auth.signsInByEmail { identifiers.append(.email(registration.email)) }
        #expect(!identifiers.isEmpty, "its sign-up takes no identifier it signs in by")

        for identifier in identifiers {
            let token = try await auth.signIn(Credentials(identifier: identifier, password: registration.password))
                .accessToken
            let user = try await server.users.currentUser(token: token)
            #expect(user.id == id)
            if fields.contains(.name) { #expect(user.name == registration.name) }
            if fields.contains(.email) { #expect(user.email == registration.email) }
            if fields.contains(.cpf) { #expect(user.cpf == registration.cpf) }
        }
    }

    @Test("signOut ends the token when offered, and sends nothing when not", arguments: RemoteAdapters.authOnCoraRoutes)
    func signOutEndsTokenWhenOffered(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        let before = try await server.metrics()

        try await auth.signOut(.signedIn(with: issued))

        if auth.offersSignOut {
            let error = await #expect(throws: RemoteError.self) {
                try await auth.refresh(RefreshCredential(issued: issued))
            }
            #expect(error == .tokenInvalid)
            // A token already ended (or never known) is ended either way.
            try await auth.signOut(.signedIn(with: issued))
        } else {
            #expect(try await server.metrics().allRequests == before.allRequests)
            _ = try await auth.refresh(RefreshCredential(issued: issued))
        }
    }

    @Test(
        "signOut ends a token past its lifetime that could still be refreshed",
        arguments: RemoteAdapters.authOnCoraRoutes)
    func signOutEndsTokenInsideItsRefreshWindow(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        try await server.advanceServerClock(by: server.tokenLifetime + .seconds(1))
        guard auth.offersSignOut else { return }

        try await auth.signOut(.signedIn(with: issued))

        let error = await #expect(throws: RemoteError.self) {
            try await auth.refresh(RefreshCredential(issued: issued))
        }
        #expect(error == .tokenInvalid)
    }

    @Test(
        "network failures throw transport, timeout or malformedResponse",
        arguments: RemoteAdapters.auth, RemoteFault.networkFailures)
    func networkFailuresAreMapped(_ adapter: AuthAdapter, _ fault: RemoteFault) async throws {
        let (auth, server) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))

        try await server.injectFault(fault, on: .signIn)
        let signInError = await #expect(throws: RemoteError.self) {
            try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        }
        expectNetworkFailure(signInError, for: fault)

        try await server.injectFault(fault, on: .refresh)
        let refreshError = await #expect(throws: RemoteError.self) {
            try await auth.refresh(RefreshCredential(issued: issued))
        }
        expectNetworkFailure(refreshError, for: fault)

        // Without registration `register` sends nothing (the registration suite proves it).
        guard auth.offersRegistration else { return }
        try await server.injectFault(fault, on: .register)
        let registerError = await #expect(throws: RemoteError.self) { try await auth.register(RemoteSeed.newcomer()) }
        expectNetworkFailure(registerError, for: fault)
    }
}
