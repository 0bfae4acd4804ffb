import AdapterSoftwareCrypto
import Foundation
import Ports
import Testing

/// Project Wycheproof's vectors for the two algorithms an ID token is
/// checked with (`Tests/Vectors/Wycheproof`, its README says which files
/// and from where): every case of each file goes through
/// `SoftwareSignatureVerifier` and gets its expected result. Written by
/// people who collect the ways verifiers fail (a point at infinity midway
/// through Shamir's trick, r or s past the order, a modular inverse's edge
/// case, a signature padded or cut), so it checks the hand-written
/// arithmetic from outside it.
@Suite("Project Wycheproof's ECDSA P-256 and RSA PKCS#1 v1.5 vectors")
struct WycheproofVectorTests {
    /// One file of vectors.
    enum VectorFile: String, CaseIterable, CustomTestStringConvertible {
        case ecdsaP256 = "ecdsa_secp256r1_sha256_p1363_test"
        case rsa2048 = "rsa_signature_2048_sha256_test"
        case rsa3072 = "rsa_signature_3072_sha256_test"
        case rsa4096 = "rsa_signature_4096_sha256_test"

        var testDescription: String { rawValue }

        var algorithm: SignatureAlgorithm { self == .ecdsaP256 ? .es256 : .rs256 }

        /// Where it is in the repository.
        var url: URL {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Vectors/Wycheproof/\(rawValue).json")
        }
    }

    struct File: Decodable {
        let algorithm: String
        let numberOfTests: Int
        let testGroups: [Group]
    }

    struct Group: Decodable {
        let sha: String
        let publicKey: PublicKey
        let tests: [Case]
    }

    /// The key, as either kind of file writes it (hexadecimal, big-endian,
    /// perhaps led by a zero byte).
    struct PublicKey: Decodable {
        let wx: String?
        let wy: String?
        let modulus: String?
        let publicExponent: String?
    }

    struct Case: Decodable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let msg: String
        let sig: String
        let result: String
    }

    /// `bytes` without its leading zero bytes, then led by zeros to `width`
    /// when one is given and they fit: a P-256 coordinate is 32 bytes.
    static func unsigned(_ hex: String, width: Int? = nil) -> [UInt8] {
        let bytes = Array(Hex.bytes(hex).drop { $0 == 0 })
        guard let width, bytes.count < width else { return bytes }
        return [UInt8](repeating: 0, count: width - bytes.count) + bytes
    }

    static func key(of group: Group) throws -> SignatureVerificationKey {
        if let x = group.publicKey.wx, let y = group.publicKey.wy {
            return .p256(x: unsigned(x, width: 32), y: unsigned(y, width: 32))
        }
        let modulus = try #require(group.publicKey.modulus)
        let exponent = try #require(group.publicKey.publicExponent)
        return .rsa(modulus: unsigned(modulus), exponent: unsigned(exponent))
    }

    /// What the verifier must answer: `valid` verifies, `invalid` does
    /// not; `acceptable` — a DigestInfo without its NULL, the only such
    /// cases in these files — is refused, as RFC 8017, section 9.2, writes
    /// the NULL and the verifier compares the whole encoding.
    static func expected(_ testCase: Case) -> Bool? {
        switch testCase.result {
        case "valid": true
        case "invalid": false
        case "acceptable" where testCase.flags == ["MissingNull"]: false
        default: nil
        }
    }

    @Test("Every case gets its expected result", arguments: VectorFile.allCases)
    func everyCase(_ file: VectorFile) throws {
        let vectors = try JSONDecoder().decode(File.self, from: Data(contentsOf: file.url))
        let verifier = SoftwareSignatureVerifier()
        var run = 0
        for group in vectors.testGroups {
            #expect(group.sha == "SHA-256")
            let key = try Self.key(of: group)
            for testCase in group.tests {
                guard let expected = Self.expected(testCase) else {
                    Issue.record("case \(testCase.tcId): a result of '\(testCase.result)' is not handled")
                    continue
                }
                let verified = verifier.isValid(
                    Hex.bytes(testCase.sig), of: Hex.bytes(testCase.msg), by: key, algorithm: file.algorithm)
                #expect(
                    verified == expected,
                    "case \(testCase.tcId) (\(testCase.comment); \(testCase.flags.joined(separator: ", "))): \(testCase.result), but the verifier said \(verified)"
                )
                run += 1
            }
        }
        #expect(run == vectors.numberOfTests, "every case the file holds was run")
        #expect(run > 200)
    }
}
