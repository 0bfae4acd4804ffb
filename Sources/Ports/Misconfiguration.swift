/// Why the app's own setup with a backend cannot be used — never the
/// person's password, and no retry cures it: whoever set the environment up
/// must act. Each cause is one message (the app names it), so a provider
/// that names another issuer is not said to have refused a client secret.
public struct Misconfiguration: Sendable, Hashable, CustomStringConvertible {
    /// The one cause, in the person's terms.
    public enum Cause: String, Sendable, Hashable, CaseIterable {
        /// The server refused the app as its client: its client id (or, for
        /// a confidential client, secret), the grant it asked for or its API
        /// key (OAuth 2.0's `invalid_client`, `unauthorized_client`,
        /// `unsupported_grant_type`; a 401 without a code).
        case clientRefused = "client-refused"
        /// The server refused the access the app asks for (`invalid_scope`,
        /// `insufficient_scope`).
        case scopeRefused = "scope-refused"
        /// The server granted more access than the app asks for: a token
        /// that can do more than the app needs is not kept.
        case scopeBroader = "scope-broader"
        /// The provider's discovery document names another issuer than the
        /// one configured (a mix-up): nothing was sent to its endpoints.
        case anotherIssuer = "another-issuer"
        /// An endpoint (or the issuer) is not `https`, nor `http` to this
        /// machine: nothing was sent there.
        case insecureEndpoint = "insecure-endpoint"
        /// The provider's discovery document is not where the issuer says
        /// (a redirect or a 4xx answer).
        case discoveryUnavailable = "discovery-unavailable"
        /// The provider does not take PKCE's `S256` method.
        case pkceNotSupported = "pkce-not-supported"
        /// The backend has this way of signing in turned off
        /// (`email_provider_disabled`).
        case methodDisabled = "method-disabled"
        /// A setting of the app does not fit this backend (a UserInfo
        /// endpoint that takes the token as Bearer, sent another way).
        case settingMismatch = "setting-mismatch"
        /// This device gave no secure random numbers for the sign-in's
        /// one-time values; no weaker source is used.
        case noSecureRandom = "no-secure-random"
    }

    /// The one cause, which decides what the person is told.
    public let cause: Cause
    /// What exactly was wrong, for logs and tests: the server's error code
    /// (one of the RFC's names, never its free text) or the check that
    /// failed. Never a secret.
    public let detail: String

    /// A problem of `cause`, with what exactly was wrong.
    public init(_ cause: Cause, _ detail: String) {
        self.cause = cause
        self.detail = detail
    }

    /// The server refused the app as its client (`Cause.clientRefused`).
    public static func clientRefused(_ detail: String) -> Misconfiguration { .init(.clientRefused, detail) }
    /// The server refused the scope the app asks for (`Cause.scopeRefused`).
    public static func scopeRefused(_ detail: String) -> Misconfiguration { .init(.scopeRefused, detail) }
    /// The server granted more than the app asks for (`Cause.scopeBroader`).
    public static func scopeBroader(_ detail: String) -> Misconfiguration { .init(.scopeBroader, detail) }
    /// The discovery document names another issuer (`Cause.anotherIssuer`).
    public static func anotherIssuer(_ detail: String) -> Misconfiguration { .init(.anotherIssuer, detail) }
    /// An endpoint or the issuer is in clear (`Cause.insecureEndpoint`).
    public static func insecureEndpoint(_ detail: String) -> Misconfiguration { .init(.insecureEndpoint, detail) }
    /// No discovery document where the issuer says (`Cause.discoveryUnavailable`).
    public static func discoveryUnavailable(_ detail: String) -> Misconfiguration {
        .init(.discoveryUnavailable, detail)
    }
    /// The provider does not take PKCE's `S256` (`Cause.pkceNotSupported`).
    public static func pkceNotSupported(_ detail: String) -> Misconfiguration { .init(.pkceNotSupported, detail) }
    /// The backend has this way of signing in turned off (`Cause.methodDisabled`).
    public static func methodDisabled(_ detail: String) -> Misconfiguration { .init(.methodDisabled, detail) }
    /// A setting of the app does not fit this backend (`Cause.settingMismatch`).
    public static func settingMismatch(_ detail: String) -> Misconfiguration { .init(.settingMismatch, detail) }
    /// No secure random numbers for the sign-in (`Cause.noSecureRandom`).
    public static func noSecureRandom(_ detail: String) -> Misconfiguration { .init(.noSecureRandom, detail) }

    /// The cause's name and the detail, for logs and error text.
    public var description: String { "\(cause.rawValue): \(detail)" }
}
