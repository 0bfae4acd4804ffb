/// What a backend says of the ID token a session kept, when the session is
/// read back from the store (`AuthRemoteAPI.proveKeptSignIn`).
public enum KeptSignInProof: Sendable, Hashable {
    /// The session kept no ID token, or this backend issues none: there is
    /// nothing to prove, and nothing of the session rests on one.
    case nothingToProve
    /// The provider signed the token for this app; it names `subject` (its
    /// `sub`), who the session's profile must be.
    case proved(subject: String)
    /// It is no token the provider signed for this app: damaged, forged,
    /// another provider's or another app's, signed by a key the provider no
    /// longer publishes, or one this configuration cannot check.
    case notTheProviders
}
