public import BoundedHTTP
public import Foundation
public import Ports

/// `UserRemoteAPI` over an OpenID provider's UserInfo endpoint (OpenID
/// Connect Core 1.0, section 5.3): `GET` with the access token as Bearer
/// (RFC 6750), the claims read into the profile the app shows — `sub` as
/// the id (required), `name` (else `given_name` and `family_name`), `email`,
/// and `cpf` when the provider adds that claim; a claim it does not send
/// (or sends as null) is empty. The answer is always an active, undeleted
/// account: a provider says an account is unusable by refusing its token
/// (which this adapter reads as `TOKEN_INVALID`: RFC 6750 has no way to say
/// an account is inactive or deleted).
///
/// An OpenID provider has no account routes (`offersAccountRoutes` false):
/// profile edit, related users and deletion answer `NOT_FOUND` at once,
/// sending nothing.
///
/// Refusals (RFC 6750, section 3.1, by status: the transport hands over no
/// `WWW-Authenticate` header): 401 is a refused token (`TOKEN_INVALID`);
/// 403 is `insufficient_scope`, the app not having asked for `openid` —
/// a configuration error; 400 is a malformed request; any other status is
/// passed on without a code.
public struct OpenIDUserInfoRemoteAPI: UserRemoteAPI {
    private let transport: HTTPTransport
    private let userInfoEndpoint: URL

    /// An adapter asking `userInfoEndpoint` (the discovery document's
    /// `userinfo_endpoint`) with `configuration`'s timeout and connections.
    public init(configuration: HTTPConfiguration, userInfoEndpoint: URL) {
        transport = HTTPTransport(configuration: configuration)
        self.userInfoEndpoint = userInfoEndpoint
    }

    /// The UserInfo endpoint tells whose a token is: a stored session is
    /// checked by asking it.
    public var offersCurrentUser: Bool { true }
    /// No account routes: the signed-in area offers no profile edit, related
    /// users or deletion, and these calls answer `NOT_FOUND`.
    public var offersAccountRoutes: Bool { false }
    /// A UserInfo endpoint refuses any token it will not accept as
    /// `invalid_token` (RFC 6750 §3.1), an expired one included.
    public var tellsExpiredTokenApart: Bool { false }
    /// OpenID Connect has no CPF claim.
    public var profileCarriesCPF: Bool { false }

    public func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        try await claims(token: token).profile
    }

    /// The token's user, refused unless the UserInfo `sub` is exactly
    /// `subject`, the ID token's (OpenID Connect Core 1.0, section 5.3.2: a
    /// different `sub` may be another person's answer, and must not be used).
    ///
    /// - Throws: `.signInRefused(.identityNotProved)` for another `sub`, and
    ///   every failure of `currentUser(token:)`.
    public func currentUser(token: AccessToken, subject: String) async throws(RemoteError) -> UserProfile {
        let claims = try await claims(token: token)
        guard claims.subject == subject else { throw .signInRefused(.identityNotProved) }
        return claims.profile
    }

    public func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError)
        -> UserProfile
    { throw .rejected(status: 404, code: .notFound) }

    public func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        throw .rejected(status: 404, code: .notFound)
    }

    public func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        throw .rejected(status: 404, code: .notFound)
    }

    public func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        throw .rejected(status: 404, code: .notFound)
    }

    private func claims(token: AccessToken) async throws(RemoteError) -> UserInfoClaims {
        guard transport.configuration.tokenHeaderStyle == .bearer else {
            throw .misconfigured(.settingMismatch("the UserInfo endpoint takes the access token as Bearer"))
        }
        guard OpenIDEndpointURL.isSafe(userInfoEndpoint) else {
            throw .misconfigured(
                .insecureEndpoint("the UserInfo endpoint is not an https URL (nor http to this machine)"))
        }
        var request = HTTPRequest(method: "GET", path: userInfoEndpoint.absoluteString, limit: .profile, token: token)
        // The API key is the wire contract's; an OpenID provider has none.
        request.sendsAPIKey = false
        let (status, data) = try await transport.send(request)
        switch status {
        case 200..<300: return try UserInfoClaims(reading: data)
        case 401: throw .rejected(status: 401, code: .tokenInvalid)
        case 403: throw .misconfigured(.scopeRefused("insufficient_scope"))
        case 400: throw .rejected(status: 400, code: .badRequest)
        default: throw .rejected(status: status, code: nil)
        }
    }
}

/// A UserInfo answer (OpenID Connect Core 1.0, section 5.3.2): a JSON
/// object (a signed or encrypted answer, which Gatehouse does not ask for,
/// is malformed) whose claims are read by type. Errors name the claim,
/// never its value.
struct UserInfoClaims {
    let subject: String
    let profile: UserProfile

    init(reading data: Data) throws(RemoteError) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .malformedResponse(
                data.isEmpty ? "an empty UserInfo answer" : "a UserInfo answer that is not a JSON object")
        }
        // A claim the provider does not hold SHOULD be left out (OpenID
        // Connect Core 1.0, section 5.3.2); one sent as null is read the same.
        func text(_ name: String) throws(RemoteError) -> String? {
            guard let value = object[name], !(value is NSNull) else { return nil }
            guard let text = value as? String else { throw .malformedResponse("a UserInfo '\(name)' that is not text") }
            return text
        }
        guard let subject = try text("sub"), !subject.isEmpty else { throw .malformedResponse("no UserInfo 'sub'") }
        let fullName = try text("name") ?? ""
        let parts = [try text("given_name"), try text("family_name")].compactMap { $0 }.filter { !$0.isEmpty }
        let cpf = try text("cpf") ?? ""
        guard cpf.isEmpty || (cpf.utf8.count == 11 && cpf.utf8.allSatisfy { (0x30...0x39).contains($0) }) else {
            throw .malformedResponse("a UserInfo 'cpf' that is not eleven digits")
        }
        self.subject = subject
        profile = UserProfile(
            id: subject, name: fullName.isEmpty ? parts.joined(separator: " ") : fullName,
            email: try text("email") ?? "", cpf: cpf, active: true, isDeleted: false)
    }
}
