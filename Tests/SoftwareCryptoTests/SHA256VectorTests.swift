import AdapterSoftwareCrypto
import Testing

/// The SHA-256 examples NIST publishes for FIPS 180-4 ("Cryptographic
/// Standards and Guidelines: Examples with Intermediate Values", SHA256.pdf
/// and SHA2_Additional.pdf), and the empty message's well-known digest.
@Suite("SHA-256: FIPS 180-4 examples")
struct SHA256VectorTests {
    @Test("one block: \"abc\" (FIPS 180-4 example, SHA256.pdf)")
    func oneBlock() {
        #expect(
            Hex.text(SHA256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("two blocks: the 448-bit message abcdbcde…nopq (FIPS 180-4 example, SHA256.pdf)")
    func twoBlocks() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(
            Hex.text(SHA256.hash(Array(message.utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("one million 'a' (FIPS 180-2 appendix B.3; NIST SHA2_Additional.pdf)")
    func oneMillionA() {
        #expect(
            Hex.text(SHA256.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("the empty message")
    func emptyMessage() {
        #expect(
            Hex.text(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("fed in pieces, the digest is the one of the whole (padding across a block edge)")
    func incrementalUpdatesAgree() {
        let message = Array(
            String(repeating: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", count: 2).utf8)
        for cut in [0, 1, 55, 56, 57, 63, 64, 65, message.count] {
            var hasher = SHA256()
            hasher.update(message[..<cut])
            hasher.update(message[cut...])
            #expect(hasher.finalize() == SHA256.hash(message))
        }
    }
}
