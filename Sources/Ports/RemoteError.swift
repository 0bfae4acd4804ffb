/// The error codes a refusing server puts in its body, spelt as it sends them.
public enum RemoteErrorCode: String, Sendable, Hashable, CaseIterable {
    /// The identifier or password is wrong.
    case invalidCredentials = "INVALID_CREDENTIALS"
    /// The token is unknown, already exchanged or revoked.
    case tokenInvalid = "TOKEN_INVALID"
    /// The token is past its lifetime (or, for a refresh, past its refresh window).
    case tokenExpired = "TOKEN_EXPIRED"
    /// The account is inactive.
    case userInactive = "USER_INACTIVE"
    /// The account is deleted.
    case userDeleted = "USER_DELETED"
    /// The CPF or e-mail is already used by an account.
    case alreadyRegistered = "ALREADY_REGISTERED"
    /// A field is malformed; the rejection's `fields` name each one.
    case validationFailed = "VALIDATION_FAILED"
    /// No such thing for this user (an unknown statement entry id).
    case notFound = "NOT_FOUND"
    /// The `apikey` header is missing or wrong.
    case apiKeyInvalid = "API_KEY_INVALID"
    /// The request itself is malformed (bad JSON, missing fields, wrong method).
    case badRequest = "BAD_REQUEST"
}

/// Why a backend refused a sign-in for a reason that is neither a wrong
/// password nor the server failing, and that the person can do something
/// about.
public enum SignInRefusal: String, Sendable, Hashable, CaseIterable {
    /// The backend signs in by another kind of identifier (an e-mail-only
    /// backend given a CPF). Nothing was sent.
    case identifierKindNotAccepted = "identifier-kind-not-accepted"
    /// The account exists but its e-mail address is not confirmed yet.
    case emailNotConfirmed = "email-not-confirmed"
    /// The backend does not sign in this way (`AuthRemoteAPI.signInMethods`
    /// does not list it). Nothing was sent.
    case methodNotOffered = "method-not-offered"
    /// The person (or the server for them) refused, in the browser or on the
    /// device: OAuth 2.0's `access_denied`.
    case deniedByPerson = "denied-by-person"
    /// The answer that came back was not this attempt's: another issuer
    /// than the one asked (RFC 9207), or a code the server refuses at the
    /// exchange (used, expired, another verifier). (An answer with another
    /// `state` ends nothing: the attempt waits on for its own.)
    case answerForAnotherAttempt = "answer-for-another-attempt"
    /// The person did not finish in time: the browser never came back, or
    /// the device code expired (RFC 8628's `expired_token`).
    case notCompletedInTime = "not-completed-in-time"
    /// The ID token did not prove who signed in, or for whom: a wrong `iss`,
    /// `aud`, `azp` or `nonce`, or one expired or issued in the future
    /// (OpenID Connect Core 1.0, section 3.1.3.7).
    case identityNotProved = "identity-not-proved"
    /// The attempt was ended before it finished (the person cancelled).
    case cancelled = "cancelled"
}

/// Why a remote call failed — the one error type every remote port throws.
/// Adapters map their technology's failures onto it at the edge; no case
/// carries a token, password or API key.
///
/// ## An error answer, by its status
///
/// Whatever the answer's body — the dialect's error, none, or bytes that
/// cannot be read (a proxy's page) — an adapter maps an error status so:
///
/// - The server answered: the error is never `.transport` or `.timeout`,
///   and a `.rejected` keeps the status the server sent — unless the body
///   names something the port has its own words for (below).
/// - A 5xx is the server's failure: `.rejected` with no code about the
///   person, or `.malformedResponse` (`isInfrastructure` holds). Never wrong
///   credentials, a refused token, an account state, a refusal of the
///   sign-in or the app's configuration.
/// - A 408 or a 429 (the server gave up waiting, or is overloaded) is the
///   same: never an answer about the person or the app's configuration.
/// - A 401 answers about the credentials, the token or the app as a client:
///   never a server failure (`.transport`, `.timeout`, `.malformedResponse`).
///
/// The contract suites run every status of 400–504 a server or a proxy
/// sends, with each kind of body, through every remote adapter.
///
/// ## A refusal the dialect names
///
/// When the body carries the dialect's own code for something a port has
/// words for (a wrong password, a refused token, an inactive account, a
/// field a sign-up refuses, a throttle), the adapter throws the port's
/// words for it, status included: Supabase's `400 invalid_credentials`, a
/// wrong password, is `.rejected(401, INVALID_CREDENTIALS)`, as
/// `AuthRemoteAPI.signIn` says, because the app
/// tells a person about the refusal, not about the wire. So `status` is the
/// server's for an answer whose body names nothing the adapter reads, and
/// the port's for one whose body does.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum RemoteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with an error status: the one it sent, or, for
    /// what the dialect names in its body, the status the port gives it
    /// ("A refusal the dialect names"). `code` is the contract's code
    /// when the body carried one (a bare 401 from the Cora backend has none);
    /// `fields` holds per-field reasons of `VALIDATION_FAILED`.
    case rejected(status: Int, code: RemoteErrorCode?, fields: [String: String] = [:])
    /// The server could not be reached or the connection broke.
    case transport(String)
    /// No answer within the adapter's timeout.
    case timeout
    /// The server answered, but not with what the contract says.
    case malformedResponse(String)
    /// The app's own setup with the backend cannot be used, for the one
    /// cause `Misconfiguration` names: the server refused the app as its
    /// client or the scope it asks for, or the provider's own settings
    /// cannot be used safely (another issuer, an endpoint in clear, no
    /// discovery document, no PKCE `S256`). A configuration error: no
    /// password or retry cures it, and it is never read as wrong
    /// credentials. Its detail names the server's error code, never a secret.
    case misconfigured(Misconfiguration)
    /// The backend refused the sign-in for a reason the person can act on
    /// (`SignInRefusal`): not an answer about the password, not a failure.
    case signInRefused(SignInRefusal)

    /// The contract's code, when the server sent one.
    public var code: RemoteErrorCode? {
        if case .rejected(_, let code, _) = self { return code }
        return nil
    }

    /// The HTTP status, when the server answered.
    public var status: Int? {
        if case .rejected(let status, _, _) = self { return status }
        return nil
    }

    /// The token was refused: `TOKEN_INVALID`, `TOKEN_EXPIRED`, or a bare 401
    /// (the Cora backend sends no body). A refresh may cure it.
    public var isTokenRefused: Bool {
        switch code {
        case .tokenInvalid, .tokenExpired: return true
        case nil: return status == 401
        default: return false
        }
    }

    /// The account can no longer be used: inactive or deleted. No refresh cures it.
    public var isAccountUnusable: Bool {
        code == .userInactive || code == .userDeleted
    }

    /// A failure of the network or the server rather than an answer about the
    /// user: transport, timeout, malformed body, or a 5xx.
    public var isInfrastructure: Bool {
        switch self {
        case .transport, .timeout, .malformedResponse, .misconfigured: return true
        case .rejected(let status, _, _): return status >= 500
        case .signInRefused: return false
        }
    }

    /// What went wrong, for messages and logs.
    public var description: String {
        switch self {
        case .rejected(let status, let code, let fields):
            let fieldText = fields.isEmpty ? "" : " fields: " + fields.keys.sorted().joined(separator: ",")
            return "rejected (\(status) \(code?.rawValue ?? "no code"))\(fieldText)"
        case .transport(let reason): return "transport failure: \(reason)"
        case .timeout: return "timed out"
        case .malformedResponse(let reason): return "malformed response: \(reason)"
        case .misconfigured(let problem): return "the app's configuration cannot be used with this server: \(problem)"
        case .signInRefused(let refusal): return "sign-in refused: \(refusal.rawValue)"
        }
    }
}
