public import Ports
public import Testing

/// The `AuthorizationProofMaker` port's contract (its doc comment), one
/// promise per case of `Promise`, checked on makers a test target makes.
public enum AuthorizationProofMakerContract {
    /// One promise of the port, checked by `check(_:on:)`.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The S256 challenge of RFC 7636 Appendix B's verifier is the RFC's.
        case s256IsAppendixBsExample
        /// Verifier, state and nonce are 43 base64url characters (256 bits)
        /// each, and the challenge is the verifier's.
        case valuesHaveTheirShape
        /// No two calls share a value, nor one call's values each other.
        case valuesAreIndependent
        /// A verifier prints redacted, alone and in the proofs.
        case theVerifierPrintsRedacted

        /// The promise's name, as a test's argument is shown.
        public var testDescription: String { rawValue }
    }

    /// Checks `promise` on a maker from `makeMaker`. A broken promise is
    /// recorded as a test issue; an error the check did not expect (no
    /// secure random source) is thrown.
    public static func check(
        _ promise: Promise, on makeMaker: @Sendable () throws -> any AuthorizationProofMaker
    ) throws {
        let maker = try makeMaker()
        switch promise {
        case .s256IsAppendixBsExample:
            let verifier = PKCEVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
            #expect(maker.challenge(for: verifier) == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        case .valuesHaveTheirShape:
            let proofs = try maker.makeProofs()
            for value in [proofs.verifier.reveal(), proofs.state, proofs.nonce, proofs.challenge] {
                #expect(value.count == 43)
                #expect(isBase64URL(value), "\(value.count) characters, some outside base64url")
            }
            #expect(proofs.challenge == maker.challenge(for: proofs.verifier))
        case .valuesAreIndependent:
            let made = try (0..<50).map { _ in try maker.makeProofs() }
            let values = made.flatMap { [$0.verifier.reveal(), $0.state, $0.nonce] }
            #expect(Set(values).count == values.count)
        case .theVerifierPrintsRedacted:
            let proofs = try maker.makeProofs()
            #expect("\(proofs.verifier)" == "PKCEVerifier(redacted)")
            #expect(!String(reflecting: proofs).contains(proofs.verifier.reveal()))
        }
    }

    /// RFC 7636 §4.1's alphabet, in base64url: letters, digits, "-" and "_".
    static func isBase64URL(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }
}
