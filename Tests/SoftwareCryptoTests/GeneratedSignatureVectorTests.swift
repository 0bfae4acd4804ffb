import AdapterSoftwareCrypto
import Foundation
import Ports
import Testing

/// Signatures Python's `cryptography` made with fresh keys on this run
/// (`scripts/signature-vectors`, which `.ci/run` runs and names in
/// `SIGNATURE_VECTORS_FILE`): every valid one verifies, every one by a key of
/// a refused size does not, and no spoilt copy of a valid one does — each
/// byte of its signature changed, the signature cut short, the message
/// changed, another vector's key.
@Suite(
    "Signatures made by Python's cryptography on this run",
    .enabled(
        if: SignatureVectorsFile.path != nil,
        "SIGNATURE_VECTORS_FILE is not set (scripts/signature-vectors FILE writes one; .ci/run does)"))
struct GeneratedSignatureVectorTests {
    struct Vector: Decodable {
        let name: String
        let algorithm: String
        let valid: Bool
        let key: [String: String]
        let message: String
        let signature: String
    }

    struct Vectors: Decodable {
        let generator: String
        let vectors: [Vector]
    }

    private static func decode(_ text: String?) throws -> [UInt8] {
        let base64 = try #require(text).replacingOccurrences(of: "-", with: "+").replacingOccurrences(
            of: "_", with: "/")
        return try #require(
            Data(base64Encoded: base64 + String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)).map(Array.init)
        )
    }

    private static func load() throws -> [(Vector, SignatureVerificationKey, SignatureAlgorithm)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: try #require(SignatureVectorsFile.path)))
        let vectors = try JSONDecoder().decode(Vectors.self, from: data).vectors
        #expect(vectors.count >= 10, "the file holds the vectors scripts/signature-vectors writes")
        return try vectors.map { vector in
            let algorithm = try #require(SignatureAlgorithm(rawValue: vector.algorithm))
            let key: SignatureVerificationKey =
                algorithm == .rs256
                ? .rsa(modulus: try decode(vector.key["n"]), exponent: try decode(vector.key["e"]))
                : .p256(x: try decode(vector.key["x"]), y: try decode(vector.key["y"]))
            return (vector, key, algorithm)
        }
    }

    @Test("Each valid signature verifies; each by a key of a refused size does not")
    func asMade() throws {
        let verifier = SoftwareSignatureVerifier()
        for (vector, key, algorithm) in try Self.load() {
            let answer = verifier.isValid(
                try Self.decode(vector.signature), of: try Self.decode(vector.message), by: key, algorithm: algorithm)
            #expect(answer == vector.valid, "\(vector.name)")
        }
    }

    @Test("No spoilt copy of a valid signature verifies: a byte changed, cut short, another message, another key")
    func spoilt() throws {
        let verifier = SoftwareSignatureVerifier()
        let vectors = try Self.load().filter { $0.0.valid }
        for (index, (vector, key, algorithm)) in vectors.enumerated() {
            let signature = try Self.decode(vector.signature)
            let message = try Self.decode(vector.message)
            for position in signature.indices {
                var changed = signature
                changed[position] ^= 0x01
                #expect(
                    !verifier.isValid(changed, of: message, by: key, algorithm: algorithm),
                    "\(vector.name) @\(position)")
            }
            #expect(!verifier.isValid(Array(signature.dropLast()), of: message, by: key, algorithm: algorithm))
            var other = message
            other[0] ^= 0x80
            #expect(
                !verifier.isValid(signature, of: other, by: key, algorithm: algorithm),
                "\(vector.name), another message")
            let next = vectors[(index + 1) % vectors.count]
            #expect(
                !verifier.isValid(signature, of: message, by: next.1, algorithm: algorithm),
                "\(vector.name), another key")
        }
    }
}

/// Where `scripts/signature-vectors` wrote this run's vectors, if anywhere.
enum SignatureVectorsFile {
    static let path = ProcessInfo.processInfo.environment["SIGNATURE_VECTORS_FILE"]
}
