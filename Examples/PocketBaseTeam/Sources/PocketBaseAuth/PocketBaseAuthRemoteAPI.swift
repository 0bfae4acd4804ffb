public import BoundedHTTP
import Foundation
public import Ports

/// Gatehouse's `AuthRemoteAPI` in PocketBase's dialect: the `users` auth
/// collection's routes under `/api/collections/users/`, sent through
/// Gatehouse's shipping transport (`HTTPTransport`: every answer bounded,
/// a deadline on each call, no password or token ever redirected):
///
/// - `POST auth-with-password` `{"identity", "password"}`, answered
///   `{"token", "record"}`;
/// - `POST auth-refresh` with the token (`Authorization: Bearer …`),
///   answered the same with a new token;
/// - `POST records` `{"email", "password", "passwordConfirm", "name"}`, the
///   account made; this team's collection requires a verified e-mail before
///   a sign-in.
///
/// PocketBase's refusals are mapped in `PocketBaseErrorMapping`.
public struct PocketBaseAuthRemoteAPI: AuthRemoteAPI {
    private let transport: HTTPTransport

    /// - Parameter configuration: the PocketBase root (`http://127.0.0.1:8090/`
    ///   for its own server on this machine), no API key, the token as
    ///   `Authorization: Bearer`.
    public init(configuration: HTTPConfiguration) {
        transport = HTTPTransport(configuration: configuration)
    }

    /// PocketBase signs in by e-mail and password (it keeps no CPF). A
    /// refresh answers a new token from a valid one; whether the old one
    /// still works is the server's (PocketBase's own tokens last until they
    /// expire): the session keeps the one the answer leaves. It tells no
    /// refusal apart: an inactive or deleted account is a failed sign-in, a
    /// refused token at refresh. This team's collection takes passwords of
    /// at least six characters, and makes accounts that must be verified by
    /// e-mail before they sign in. Its tokens are not revocable: a logout
    /// ends the session on the device.
    public var capabilities: AuthCapabilities {
        AuthCapabilities(
            signInMethods: [.password], signsInByCPF: false, signsInByEmail: true,
            refreshRotation: .asTheServerChooses, refusalsToldApart: [], passwordRule: .atLeast(6),
            registrationOffer: .createsAnAccountToConfirm(taking: [.name, .email, .password]), offersSignOut: false)
    }

    /// The collection's routes, below the base URL.
    enum Route: String {
        case signIn = "api/collections/users/auth-with-password"
        case refresh = "api/collections/users/auth-refresh"
        case register = "api/collections/users/records"
    }

    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        guard case .email(let email) = credentials.identifier else {
            throw .signInRefused(.identifierKindNotAccepted)
        }
        // The body holds the password: never redirected.
        let request = HTTPRequest(
            method: "POST", path: Route.signIn.rawValue, limit: .authAnswer,
            body: ["identity": email, "password": credentials.password.reveal()], forbidsRedirect: true)
        let (status, data) = try await transport.send(request)
        guard (200..<300).contains(status) else {
            throw PocketBaseErrorMapping.error(status: status, body: data, for: .signIn)
        }
        return try Self.tokens(from: data)
    }

    /// Refused at once, sending nothing: PocketBase's password sign-in only here.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        throw .signInRefused(.methodNotOffered)
    }

    /// `auth-refresh` with the access token: PocketBase issues no refresh
    /// token, so one is refused as an unknown token, sending nothing.
    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        guard case .accessToken(let token) = credential else { throw .rejected(status: 401, code: .tokenInvalid) }
        let request = HTTPRequest(
            method: "POST", path: Route.refresh.rawValue, limit: .authAnswer, token: token, forbidsRedirect: true)
        let (status, data) = try await transport.send(request)
        guard (200..<300).contains(status) else {
            throw PocketBaseErrorMapping.error(status: status, body: data, for: .refresh)
        }
        return try Self.tokens(from: data)
    }

    /// `POST records`: the account, to be verified before it signs in. The
    /// CPF is not sent (the collection keeps none).
    public func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        let password = registration.password.reveal()
        let request = HTTPRequest(
            method: "POST", path: Route.register.rawValue, limit: .authAnswer,
            body: [
                "email": registration.email, "password": password, "passwordConfirm": password,
                "name": registration.name,
            ],
            forbidsRedirect: true)
        let (status, data) = try await transport.send(request)
        guard (200..<300).contains(status) else {
            throw PocketBaseErrorMapping.error(status: status, body: data, for: .register)
        }
        guard let id = Self.object(data)?["id"] as? String, !id.isEmpty else {
            throw .malformedResponse("a created record without an id")
        }
        return .accountAwaitsConfirmation(id: id)
    }

    /// Returns at once, sending nothing: PocketBase's tokens cannot be revoked.
    public func signOut(_ token: SessionToken) async throws(RemoteError) {}

    /// `{"token", "record"}`: the token, and the record's id as the subject.
    private static func tokens(from data: Data) throws(RemoteError) -> IssuedTokens {
        guard let object = object(data), let token = object["token"] as? String, !token.isEmpty else {
            throw .malformedResponse("an auth answer without a token")
        }
        return IssuedTokens(accessToken: AccessToken(token))
    }

    private static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
