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
        case .everyChangedByteIsInvalid: for vector in vectors { checks.everyChangedByteIsInvalid(vector) }
        case .anotherKeyIsInvalid: checks.anotherKeyIsInvalid(vectors)
        case .unusableKeysAreRefused: try checks.unusableKeysAreRefused()
        case .malformedSignaturesAreInvalid: checks.malformedSignaturesAreInvalid(vectors)
        }
    }
}
