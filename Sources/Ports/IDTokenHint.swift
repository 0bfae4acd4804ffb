/// An OpenID Connect ID token (OpenID Connect Core 1.0, section 2), kept
/// with the session: the mark of a sign-in at the provider, which a logout
/// ends in the browser too (OpenID Connect RP-Initiated Logout 1.0; the
/// logout sends `client_id` in its place, never the token). It names the
/// person and the client and is signed by the server, so it is treated as
/// a secret: redacted when printed, like `AccessToken`, and never shown.
public struct IDTokenHint: RedactedSecret {
    private let value: String

    /// Wraps the raw token, as the token endpoint sent it.
    public init(_ value: String) { self.value = value }

    /// The raw token, for the one place that must send or store it.
    public func reveal() -> String { value }
}
