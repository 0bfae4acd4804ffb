public import Ports

/// RS256 and ES256 verification written by hand (`RSASignature`, `P256`),
/// with the package's own SHA-256: no crypto library.
public struct SoftwareSignatureVerifier: SignatureVerifier {
    /// A verifier.
    public init() {}

    public func sha256(_ bytes: [UInt8]) -> [UInt8] { SHA256.hash(bytes) }

    public func isValid(
        _ signature: [UInt8], of message: [UInt8], by key: SignatureVerificationKey, algorithm: SignatureAlgorithm
    ) -> Bool {
        guard key.algorithm == algorithm else { return false }
        switch key {
        case .rsa(let modulus, let exponent):
            return RSASignature.verify(
                signature: signature, digest: SHA256.hash(message), modulus: modulus, exponent: exponent)
        case .p256(let x, let y):
            guard signature.count == 64, let r = UInt256(bigEndian: signature[0..<32]),
                let s = UInt256(bigEndian: signature[32..<64]), let x = UInt256(bigEndian: x),
                let y = UInt256(bigEndian: y)
            else { return false }
            return P256.verify(digest: SHA256.hash(message), r: r, s: s, x: x, y: y)
        }
    }
}
