public import Ports

/// The `AuthorizationProofMaker` written by hand: this module's SHA-256 and
/// the kernel's random source, in base64url without padding (RFC 4648 §5).
public struct SoftwareAuthorizationProofMaker: AuthorizationProofMaker {
    /// Random bytes behind each value: 256 bits (RFC 7636 §7.1).
    static let randomByteCount = 32

    public init() {}

    public func makeProofs() throws(SecretHasherError) -> AuthorizationProofs {
        let verifier = PKCEVerifier(Base64URL.encoded(try SystemRandomSource.bytes(Self.randomByteCount)))
        return AuthorizationProofs(
            verifier: verifier, challenge: challenge(for: verifier),
            state: Base64URL.encoded(try SystemRandomSource.bytes(Self.randomByteCount)),
            nonce: Base64URL.encoded(try SystemRandomSource.bytes(Self.randomByteCount)))
    }

    public func challenge(for verifier: PKCEVerifier) -> String {
        Base64URL.encoded(SHA256.hash(Array(verifier.reveal().utf8)))
    }
}

/// Base64 with the URL and file name safe alphabet, without padding
/// (RFC 4648 §5; RFC 7636 Appendix A).
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encoded(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for position in 0...chunk.count {
                output.append(alphabet[Int(value >> (18 - 6 * position)) & 0x3F])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
