import AdapterSoftwareCrypto
public import Ports

/// The signature verifier the composition root wires into every plugin that
/// checks an ID token (the `oauth2` plugin): the hand-written one, as the
/// package takes no crypto library. One place, so the bench measures what
/// the app runs.
public enum SignatureVerification {
    /// The verifier the app's plugins use.
    public static func verifier() -> any SignatureVerifier { SoftwareSignatureVerifier() }
}
