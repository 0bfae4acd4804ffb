import AdapterSoftwareCrypto
import Ports
import Testing

/// The `AuthorizationProofMaker` contract (its doc comment), against every adapter.
@Suite("AuthorizationProofMaker contract")
struct AuthorizationProofMakerContractTests {
    struct Maker: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () -> any AuthorizationProofMaker
        var testDescription: String { name }
    }

    static let makers = [Maker(name: "software") { SoftwareAuthorizationProofMaker() }]

    /// RFC 7636 §4.1's alphabet, in base64url: letters, digits, "-" and "_".
    private static func isBase64URL(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    @Test("S256 is RFC 7636 Appendix B's example", arguments: makers)
    func appendixB(_ maker: Maker) {
        let verifier = PKCEVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(maker.make().challenge(for: verifier) == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test(
        "Verifier, state and nonce: 43 base64url characters (256 bits) each, the challenge the verifier's",
        arguments: makers)
    func shapes(_ maker: Maker) throws {
        let adapter = maker.make()
        let proofs = try adapter.makeProofs()
        for value in [proofs.verifier.reveal(), proofs.state, proofs.nonce, proofs.challenge] {
            #expect(value.count == 43)
            #expect(Self.isBase64URL(value), "\(value.count) characters outside base64url")
        }
        #expect(proofs.challenge == adapter.challenge(for: proofs.verifier))
    }

    @Test("No two calls share a value, nor one call's values each other", arguments: makers)
    func independent(_ maker: Maker) throws {
        let adapter = maker.make()
        let made = try (0..<50).map { _ in try adapter.makeProofs() }
        let values = made.flatMap { [$0.verifier.reveal(), $0.state, $0.nonce] }
        #expect(Set(values).count == values.count)
    }

    @Test("A verifier prints redacted", arguments: makers)
    func verifierRedacted(_ maker: Maker) throws {
        let proofs = try maker.make().makeProofs()
        #expect("\(proofs.verifier)" == "PKCEVerifier(redacted)")
        #expect(!String(reflecting: proofs).contains(proofs.verifier.reveal()))
    }
}
