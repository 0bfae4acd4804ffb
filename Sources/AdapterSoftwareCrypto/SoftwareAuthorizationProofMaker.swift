public import Ports

/// The `AuthorizationProofMaker` written by hand: this module's SHA-256 and
/// the kernel's random source, in base64url without padding (RFC 4648 §5).
public struct SoftwareAuthorizationProofMaker: AuthorizationProofMaker {
    /// Random bytes behind each value: 256 bits (RFC 7636 §7.1).
    static let randomByteCount = 32

    public init() {}

    public func makeProofs() throws(SecretHasherError) -> AuthorizationProofs {
        let verifier = PKCEVerifier(Base64URL.encode(try SystemRandomSource.bytes(Self.randomByteCount)))
        return AuthorizationProofs(
            verifier: verifier, challenge: challenge(for: verifier),
            state: Base64URL.encode(try SystemRandomSource.bytes(Self.randomByteCount)),
            nonce: Base64URL.encode(try SystemRandomSource.bytes(Self.randomByteCount)))
    }

    public func challenge(for verifier: PKCEVerifier) -> String {
        Base64URL.encode(SHA256.hash(Array(verifier.reveal().utf8)))
    }
}
