public import BoundedHTTP
import Foundation
public import Ports

/// `AuthRemoteAPI` over Firebase Authentication's REST API, as Google
/// documents it: the Identity Toolkit's
/// `POST accounts:signInWithPassword?key=KEY` with
/// `{"email", "password", "returnSecureToken": true}`, answered
/// `{"idToken", "refreshToken", "expiresIn": "3600", "localId", "email"}`; and
/// the Secure Token service's `POST token?key=KEY`, on a host of its own,
/// with the form `grant_type=refresh_token&refresh_token=…`, answered
/// `{"id_token", "refresh_token", "expires_in", "user_id"}`. The project's
/// Web API key travels in the query (`key`), never a header; refusals are
/// mapped by `FirebaseErrorMapping`.
///
/// Firebase's ID token is the session's access token: the one a Firebase
/// app sends its own backend. Its refresh token does not rotate
/// (`refreshRotation` is `.never`): a refresh answers the same one.
///
/// What it declares: sign-in by e-mail only (a CPF is refused at once,
/// sending nothing), by password only; a sign-up that takes an e-mail and a
/// password and signs the person in (`accounts:signUp`,
/// `RegistrationOffer.createsASession`); no sign-out route (a client cannot
/// revoke its own refresh token: only the Admin SDK can).
///
/// Built from Firebase's public REST reference, not tried against a live
/// project; the contract suites run it against a loopback stand-in.
public struct FirebaseAuthRemoteAPI: AuthRemoteAPI {
    private let identityToolkit: HTTPTransport
    private let secureToken: HTTPTransport

    /// An adapter for the project whose Web API key `identityToolkit`
    /// carries (`https://identitytoolkit.googleapis.com/v1/` on Google's
    /// service), refreshing at `secureToken`'s base URL
    /// (`https://securetoken.googleapis.com/v1/`) with the same key.
    public init(identityToolkit: HTTPConfiguration, secureToken: HTTPConfiguration) {
        self.identityToolkit = HTTPTransport(configuration: identityToolkit)
        self.secureToken = HTTPTransport(configuration: secureToken)
    }

    /// `POST accounts:signInWithPassword?key=KEY`.
    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        guard case .email(let email) = credentials.identifier else {
            throw .signInRefused(.identifierKindNotAccepted)
        }
        // The body holds the password: never redirected.
        let request = HTTPRequest(
            method: "POST", path: "./accounts:signInWithPassword", limit: .authAnswer,
            body: ["email": email, "password": credentials.password.reveal(), "returnSecureToken": true],
            apiKeyQueryName: "key", forbidsRedirect: true)
        let (status, data) = try await identityToolkit.send(request)
        guard (200..<300).contains(status) else {
            throw FirebaseErrorMapping.error(status: status, body: data, for: .signIn)
        }
        return try Self.tokens(from: data, access: "idToken", refresh: "refreshToken", lifetime: "expiresIn")
    }

    /// Firebase signs in by e-mail and password only (it keeps no CPF); the
    /// Secure Token service answers the same refresh token it was sent; it
    /// tells each refusal apart (`USER_DISABLED` at sign-in and refresh,
    /// `TOKEN_EXPIRED` and `USER_NOT_FOUND` at refresh); its default password
    /// rule is at least six characters; its sign-up takes an e-mail and a
    /// password and signs the person in; and a client cannot revoke its
    /// refresh token (only the Admin SDK can): a logout ends the session on
    /// the device alone.
    public var capabilities: AuthCapabilities {
        AuthCapabilities(
            signInMethods: [.password], signsInByCPF: false, signsInByEmail: true, refreshRotation: .never,
            refusalsToldApart: .all, passwordRule: .atLeast(6),
            registrationOffer: .createsASession(taking: [.email, .password]), offersSignOut: false)
    }

    /// Refused at once, sending nothing: this backend signs in by password only.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        throw .signInRefused(.methodNotOffered)
    }

    /// `POST token?key=KEY` on the Secure Token service, with the refresh
    /// token in a form body. A session without a refresh token (never issued
    /// by this backend) is refused as an unknown token, sending nothing.
    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        guard case .refreshToken(let refreshToken) = credential else {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
        let request = HTTPRequest(
            method: "POST", path: "token", limit: .authAnswer,
            form: [("grant_type", "refresh_token"), ("refresh_token", refreshToken.reveal())],
            apiKeyQueryName: "key", forbidsRedirect: true)
        let (status, data) = try await secureToken.send(request)
        guard (200..<300).contains(status) else {
            throw FirebaseErrorMapping.error(status: status, body: data, for: .refresh)
        }
        return try Self.tokens(from: data, access: "id_token", refresh: "refresh_token", lifetime: "expires_in")
    }

    /// `POST accounts:signUp?key=KEY` with `{"email", "password",
    /// "returnSecureToken": true}`, answered as a sign-in is; the name and
    /// CPF are not sent (Firebase keeps neither). `EMAIL_EXISTS` is
    /// `ALREADY_REGISTERED`; `INVALID_EMAIL` and `WEAK_PASSWORD` name their
    /// field, one at a time, as Firebase finds them.
    public func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        // The body holds the password: never redirected.
        let request = HTTPRequest(
            method: "POST", path: "./accounts:signUp", limit: .authAnswer,
            body: [
                "email": registration.email, "password": registration.password.reveal(), "returnSecureToken": true,
            ],
            apiKeyQueryName: "key", forbidsRedirect: true)
        let (status, data) = try await identityToolkit.send(request)
        guard (200..<300).contains(status) else {
            throw FirebaseErrorMapping.error(status: status, body: data, for: .signUp)
        }
        return .signedIn(try Self.tokens(from: data, access: "idToken", refresh: "refreshToken", lifetime: "expiresIn"))
    }

    /// Returns at once, sending nothing (`offersSignOut` is false).
    public func signOut(_ token: SessionToken) async throws(RemoteError) {}

    /// A token answer's three fields under the names this endpoint uses; the
    /// lifetime is a decimal string of seconds, as Firebase sends it.
    private static func tokens(from data: Data, access: String, refresh: String, lifetime: String)
        throws(RemoteError) -> IssuedTokens
    {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .malformedResponse("the token answer is not a JSON object")
        }
        guard let accessToken = object[access] as? String, !accessToken.isEmpty else {
            throw .malformedResponse("no '\(access)'")
        }
        guard let refreshToken = object[refresh] as? String, !refreshToken.isEmpty else {
            throw .malformedResponse("no '\(refresh)'")
        }
        guard let text = object[lifetime] as? String, text.utf8.count <= 9, let seconds = Int(text), seconds > 0
        else { throw .malformedResponse("an '\(lifetime)' that is not a positive number of seconds") }
        return IssuedTokens(
            accessToken: AccessToken(accessToken), refreshToken: RefreshToken(refreshToken),
            statedLifetime: .seconds(seconds))
    }
}
