import AdapterSoftwareCrypto
import Ports
import Testing

@Suite("SoftwareSecretHasher")
struct SoftwareSecretHasherTests {
    @Test("derive is PBKDF2-HMAC-SHA256 (the first published vector through the port)")
    func deriveIsPBKDF2() {
        let key = SoftwareSecretHasher().derive(
            secret: Array("password".utf8), salt: Array("salt".utf8), iterations: 1, byteCount: 32)
        #expect(Hex.text(key) == "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
    }

    @Test("salts have the length asked for and differ from one another")
    func saltsAreFreshAndSized() throws {
        let hasher = SoftwareSecretHasher()
        let salts = try (0..<8).map { _ in try hasher.randomSalt(byteCount: 16) }
        #expect(salts.allSatisfy { $0.count == 16 })
        // Two equal 128-bit salts from a working source: about 2^-128 per pair.
        #expect(Set(salts).count == salts.count)
        #expect(try hasher.randomSalt(byteCount: 1000).count == 1000)
    }

    @Test("constant-time comparison: equal, differing anywhere, differing lengths")
    func constantTimeComparison() {
        let hasher = SoftwareSecretHasher()
        let digest = SHA256.hash(Array("abc".utf8))
        #expect(hasher.isEqualInConstantTime(digest, digest))
        #expect(hasher.isEqualInConstantTime([], []))
        for index in [0, 15, 31] {
            var changed = digest
            changed[index] ^= 0x01
            #expect(!hasher.isEqualInConstantTime(digest, changed))
        }
        #expect(!hasher.isEqualInConstantTime(digest, Array(digest.dropLast())))
    }
}
