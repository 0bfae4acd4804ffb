public import Ports

/// `AuthRemoteAPI` over an `InMemoryBackend`. Offers sign-out, as the
/// reference server's full profile does (`WireRoute.signOut`); registration
/// and sign-in by e-mail unless told it plays a backend without them (the
/// Cora API, as `cora-in-memory` does).
public struct InMemoryAuthRemoteAPI: AuthRemoteAPI {
    private let backend: InMemoryBackend
    public let offersRegistration: Bool
    public let signsInByEmail: Bool

    /// - Parameters:
    ///   - backend: the simulated backend.
    ///   - offersRegistration: false plays a backend that creates no
    ///     accounts: `register` refuses at once, the backend never asked.
    ///   - signsInByEmail: false plays a backend that signs in by CPF only:
    ///     `signIn` with an e-mail refuses at once, the backend never asked.
    public init(backend: InMemoryBackend, offersRegistration: Bool = true, signsInByEmail: Bool = true) {
        self.backend = backend
        self.offersRegistration = offersRegistration
        self.signsInByEmail = signsInByEmail
    }

    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        guard signsIn(by: credentials.identifier) else { throw .signInRefused(.identifierKindNotAccepted) }
        try await backend.admitOrThrow(BackendRoute.auth)
        do { return IssuedTokens(accessToken: try await backend.signIn(credentials)) } catch { throw error.remoteError }
    }

    /// This backend signs in by password only.
    public var signInMethods: [SignInMethod] { [.password] }

    /// Refused at once, sending nothing: this backend signs in by password only.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        throw .signInRefused(.methodNotOffered)
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

    public func register(_ registration: Registration) async throws(RemoteError) -> String {
        guard offersRegistration else { throw .rejected(status: 404, code: .notFound) }
        try await backend.admitOrThrow(BackendRoute.register)
        do { return try await backend.register(registration) } catch { throw error.remoteError }
    }

    public var offersSignOut: Bool { true }

    public var signsInByCPF: Bool { true }

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
