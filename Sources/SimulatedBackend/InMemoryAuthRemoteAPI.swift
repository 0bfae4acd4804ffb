public import Ports

/// `AuthRemoteAPI` over an `InMemoryBackend`. Offers sign-out, as the
/// reference server's full profile does (`WireRoute.signOut`); registration
/// (the wire contract's, creating an account and no session, unless told
/// another `RegistrationOffer`) and sign-in by e-mail unless told it plays a
/// backend without them (the Cora API, as `cora-in-memory` does); the
/// password unless told it plays an
/// OAuth 2.0 authorization server that signs in through the browser or on
/// another device (`signInMethods`), the person then simulated by the
/// backend's control operations (`InMemoryBackend.personSignsIn` …).
public struct InMemoryAuthRemoteAPI: AuthRemoteAPI {
    private let backend: InMemoryBackend
    /// The wire contract's, as the initialiser was told: by CPF, and by
    /// e-mail unless told, where it signs in by password; every refresh
    /// spends the credential it exchanges; every refusal told apart; the
    /// backend's own password rule (`InMemoryBackend.Configuration.passwordRule`);
    /// a sign-out route.
    public let capabilities: AuthCapabilities

    /// - Parameters:
    ///   - backend: the simulated backend.
    ///   - registrationOffer: what sign-up does: `.none` plays a backend
    ///     that creates no accounts (`register` refuses at once, the backend
    ///     never asked); `.createsASession` one whose sign-up signs the
    ///     person in (as Google's Identity Toolkit does), by the e-mail when it is taken, else the
    ///     CPF; `.createsAnAccountToConfirm` one whose accounts sign in once
    ///     confirmed (`InMemoryBackend.confirmAccount`). The fields it takes are the ones the backend judges and keeps.
    ///   - signsInByEmail: false plays a backend that signs in by CPF only:
    ///     `signIn` with an e-mail refuses at once, the backend never asked.
    ///   - signInMethods: the ways it signs in, the first offered first; an
    ///     empty list is taken as `[.password]` (the port's list is never
    ///     empty) and a repeated method counts once. Without `.password`,
    ///     `signIn` refuses at once and it signs in by no identifier.
    public init(
        backend: InMemoryBackend, registrationOffer: RegistrationOffer = .createsAnAccount(taking: .everyField),
        signsInByEmail: Bool = true,
        signInMethods: [SignInMethod] = [.password]
    ) {
        self.backend = backend
        capabilities = AuthCapabilities(
            signInMethods: signInMethods, signsInByCPF: true, signsInByEmail: signsInByEmail, refreshRotation: .always,
            refusalsToldApart: .all, passwordRule: backend.configuration.passwordRule,
            registrationOffer: registrationOffer, offersSignOut: true)
    }

    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        guard signInMethods.contains(.password) else { throw .signInRefused(.methodNotOffered) }
        guard signsIn(by: credentials.identifier) else { throw .signInRefused(.identifierKindNotAccepted) }
        try await backend.admitOrThrow(BackendRoute.auth)
        do {
            return IssuedTokens(accessToken: try await backend.signIn(credentials))
        } catch {
            throw error == .emailNotConfirmed ? .signInRefused(.emailNotConfirmed) : error.remoteError
        }
    }

    /// Begins a sign-in outside the app on the backend: the browser's sends
    /// nothing (the real one opens a loopback listener); the device flow's
    /// asks for a code (a request of `BackendRoute.auth`, as the token
    /// endpoint's polls are). A method not in `signInMethods`, `.password`
    /// included, is refused at once, sending nothing.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        guard method != .password, signInMethods.contains(method) else { throw .signInRefused(.methodNotOffered) }
        if method == .device { try await backend.admitOrThrow(BackendRoute.auth) }
        let begun = await backend.beginExternalSignIn(method)
        return InMemoryExternalSignInAttempt(
            backend: backend, id: begun.id, method: method, instructions: begun.instructions)
    }

    /// Exchanges the old access token, as the wire contract does. This
    /// backend issues no refresh tokens, so one is refused like an unknown token.
    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        try await backend.admitOrThrow(BackendRoute.auth)
        guard case .accessToken(let token) = credential else {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
        do { return IssuedTokens(accessToken: try await backend.refresh(token)) } catch { throw error.remoteError }
    }

    public func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        guard registrationOffer.isOffered else { throw .rejected(status: 404, code: .notFound) }
        try await backend.admitOrThrow(BackendRoute.register)
        let id: String
        do {
            id = try await backend.register(
                registration, judging: registrationOffer.fields, awaitingConfirmation: awaitsConfirmation)
        } catch { throw error.remoteError }
        if awaitsConfirmation { return .accountAwaitsConfirmation(id: id) }
        guard case .createsASession = registrationOffer else { return .accountCreated(id: id) }
        let identifier: LoginIdentifier =
            registrationOffer.fields.contains(.email) ? .email(registration.email) : .cpf(registration.cpf)
        do {
            return .signedIn(
                IssuedTokens(
                    accessToken: try await backend.signIn(
                        Credentials(identifier: identifier, password: registration.password))))
        } catch { throw error.remoteError }
    }

    /// Whether the offer makes accounts the person confirms before they sign in.
    private var awaitsConfirmation: Bool {
        if case .createsAnAccountToConfirm = registrationOffer { return true }
        return false
    }

    public func signOut(_ token: SessionToken) async throws(RemoteError) {
        try await backend.admitOrThrow(BackendRoute.signOut)
        do {
            try await backend.signOut(token.token)
        } catch {
            // A token already refused is ended either way, which is what was asked.
            guard error == .tokenInvalid else { throw error.remoteError }
        }
    }
}
