public import Ports
public import Testing

/// The `SignatureVerifier` port's contract (its doc comment), one promise
/// per case of `Promise`, checked on verifiers a test target makes — on
/// vectors from outside the code: RFC 7515's Appendix A.2 (RS256) and A.3
/// (ES256), and every way of spoiling them.
public enum SignatureVerifierContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// RFC 7515's example signatures are valid.
        case publishedSignaturesAreValid
        /// One changed byte of the signature or of the message makes it invalid.
        case everyChangedByteIsInvalid
        /// Another key, or a key of the other kind, makes it invalid.
        case anotherKeyIsInvalid
        /// A key the verifier will not use makes every signature invalid.
        case unusableKeysAreRefused
        /// A signature of the wrong length, or an ES256 one with r or s zero or not below n, is invalid.
        case malformedSignaturesAreInvalid
        /// `sha256` is SHA-256: FIPS 180-4's examples.
        case digestIsSHA256

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .publishedSignaturesAreValid: "RFC 7515's example signatures (A.2 RS256, A.3 ES256) are valid"
            case .everyChangedByteIsInvalid: "one changed byte of the signature or of the message makes it invalid"
            case .anotherKeyIsInvalid: "another key, or a key of the other kind, makes it invalid"
            case .unusableKeysAreRefused:
                "a key the verifier will not use (RSA size or exponent, a point off the curve) makes every signature invalid"
            case .malformedSignaturesAreInvalid:
                "a signature of the wrong length, or an ES256 one with r or s zero or not below n, is invalid"
            case .digestIsSHA256: "sha256 is SHA-256: FIPS 180-4's examples, the empty message and \"abc\""
            }
        }
    }

    /// Checks `promise` on a verifier from `makeVerifier`. A broken promise
    /// is recorded as a test issue.
    public static func check(
        _ promise: Promise, on makeVerifier: @Sendable () async throws -> any SignatureVerifier,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let verifier = try await makeVerifier()
        let vectors = try SignatureVectors.published(sourceLocation: sourceLocation)
        let checks = SignatureChecks(verifier: verifier, sourceLocation: sourceLocation)
        switch promise {
        case .publishedSignaturesAreValid:
            for vector in vectors { checks.expect(vector, valid: true, "\(vector.name) as published") }
            for example in SignatureExample.published {
                let length = example.algorithm == .es256 ? 64 : 256
                #expect(
                    example.signature.count == length && !example.message.isEmpty, "\(example.name) decodes",
                    sourceLocation: sourceLocation)
            }
        case .everyChangedByteIsInvalid: for vector in vectors { checks.everyChangedByteIsInvalid(vector) }
        case .anotherKeyIsInvalid: checks.anotherKeyIsInvalid(vectors)
        case .unusableKeysAreRefused: try checks.unusableKeysAreRefused()
        case .malformedSignaturesAreInvalid: checks.malformedSignaturesAreInvalid(vectors)
        case .digestIsSHA256:
            let examples: [(String, String)] = [
                ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
                ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ]
            for (message, digest) in examples {
                let hex = verifier.sha256(Array(message.utf8)).map { String($0, radix: 16) }
                    .map { $0.count == 1 ? "0" + $0 : $0 }.joined()
                #expect(hex == digest, "SHA-256 of \"\(message)\"", sourceLocation: sourceLocation)
            }
        }
    }
}
