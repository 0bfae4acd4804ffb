public import BoundedHTTP
public import Ports
import WireContract

/// `AuthRemoteAPI` over the wire contract: `WireRoute.auth` (sign-in and
/// refresh), `.register` and sign-in by e-mail where the backend has them,
/// and `.signOut` where it has that.
public struct URLSessionAuthRemoteAPI: AuthRemoteAPI {
    private let transport: HTTPTransport
    /// The wire contract's, as the environment says its backend has them: a
    /// sign-in by password, by `{"cpf"}` always and by `{"email"}` where the
    /// backend takes it; a refresh spends the access token it exchanges;
    /// every refusal told apart (`docs/spec/wire-contract.md`); six digits,
    /// as the Cora API's; the registration route, where the backend has it,
    /// taking every field and answering an account and no session; and the
    /// sign-out route where it has that.
    public let capabilities: AuthCapabilities
    private var hasRegistrationRoute: Bool { registrationOffer.isOffered }

    /// - Parameters:
    ///   - offersSignOut: whether the backend has the sign-out route
    ///     (`WireRoute.signOut`): the environment says so, because a
    ///     backend without it (the Cora API) must not be sent a token to a
    ///     route it does not know. Off unless told.
    ///   - offersRegistration: whether the backend has `WireRoute.register`;
    ///     the Cora API has not, so `register` then refuses at once. On
    ///     unless told.
    ///   - signsInByEmail: whether `WireRoute.auth` takes `{email}` as well
    ///     as `{cpf}`; the Cora API takes the CPF only, so `signIn` with an
    ///     e-mail then refuses at once. On unless told.
    public init(
        configuration: HTTPConfiguration, offersSignOut: Bool = false, offersRegistration: Bool = true,
        signsInByEmail: Bool = true
    ) {
        transport = HTTPTransport(configuration: configuration)
        capabilities = AuthCapabilities(
            signInMethods: [.password], signsInByCPF: true, signsInByEmail: signsInByEmail, refreshRotation: .always,
            refusalsToldApart: .all, passwordRule: .digits(6),
            registrationOffer: offersRegistration ? .createsAnAccount(taking: .everyField) : .none,
            offersSignOut: offersSignOut)
    }

    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        guard signsIn(by: credentials.identifier) else { throw .signInRefused(.identifierKindNotAccepted) }
        var body: [String: any Sendable] = ["password": credentials.password.reveal()]
        switch credentials.identifier {
        case .cpf(let digits): body["cpf"] = digits
        case .email(let email): body["email"] = email
        }
        // The body holds the password: never redirected anywhere.
        return try await token(
            from: HTTPRequest(
                .auth, limit: .authAnswer, body: body, forbidsRedirect: true))
    }

    /// Refused at once, sending nothing: this backend signs in by password only.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        throw .signInRefused(.methodNotOffered)
    }

    /// Sends the old access token, as the wire contract does. The contract
    /// issues no refresh tokens, so one is refused like an unknown token,
    /// sending nothing.
    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        guard case .accessToken(let token) = credential else {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
        return try await self.token(
            from: HTTPRequest(
                .auth, limit: .authAnswer, body: ["token": token.reveal()], forbidsRedirect: true))
    }

    public func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        guard hasRegistrationRoute else { throw .rejected(status: 404, code: .notFound) }
        let body: [String: any Sendable] = [
            "name": registration.name, "email": registration.email, "cpf": registration.cpf,
            "password": registration.password.reveal(),
        ]
        let (status, data) = try await transport.send(
            HTTPRequest(.register, limit: .authAnswer, body: body, forbidsRedirect: true))
        guard (200..<300).contains(status) else { throw WireFormat.rejection(status: status, body: data) }
        return .accountCreated(id: try WireFormat.string(try WireFormat.object(data), "id"))
    }

    public func signOut(_ token: SessionToken) async throws(RemoteError) {
        guard offersSignOut else { return }
        let (status, data) = try await transport.send(
            HTTPRequest(.signOut, limit: .authAnswer, token: token.token, forbidsRedirect: true))
        // 401: the backend refuses the token already (signed out before,
        // revoked, expired) — ended either way, which is what was asked.
        guard (200..<300).contains(status) || status == 401 else {
            throw WireFormat.rejection(status: status, body: data)
        }
    }

    private func token(from request: HTTPRequest) async throws(RemoteError) -> IssuedTokens {
        let (status, data) = try await transport.send(request)
        guard (200..<300).contains(status) else { throw WireFormat.rejection(status: status, body: data) }
        let token = try WireFormat.string(try WireFormat.object(data), "token")
        guard !token.isEmpty else { throw .malformedResponse("an empty token") }
        return IssuedTokens(accessToken: AccessToken(token))
    }
}
