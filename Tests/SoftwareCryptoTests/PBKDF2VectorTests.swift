import AdapterSoftwareCrypto
import Testing

/// A PBKDF2-HMAC-SHA256 vector. RFC 6070 publishes PBKDF2 vectors for
/// HMAC-SHA1 only; the SHA-256 results for its inputs are the ones widely
/// published alongside it (Stack Overflow question 5130513, "Test vectors for
/// PBKDF2-HMAC-SHA256", and many libraries' suites). RFC 7914 §11 (scrypt)
/// publishes one of its own, the "passwd"/"salt" case.
struct PBKDF2Vector: Sendable, CustomTestStringConvertible {
    let source: String
    let password: [UInt8]
    let salt: [UInt8]
    let iterations: Int
    let expected: String

    var testDescription: String { "\(source), c = \(iterations), dkLen = \(expected.count / 2)" }

    static let published: [PBKDF2Vector] = [
        PBKDF2Vector(
            source: "RFC 6070 inputs 1 (\"password\"/\"salt\")", password: Array("password".utf8),
            salt: Array("salt".utf8), iterations: 1,
            expected: "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        PBKDF2Vector(
            source: "RFC 6070 inputs 2 (\"password\"/\"salt\")", password: Array("password".utf8),
            salt: Array("salt".utf8), iterations: 2,
            expected: "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        PBKDF2Vector(
            source: "RFC 6070 inputs 3 (\"password\"/\"salt\")", password: Array("password".utf8),
            salt: Array("salt".utf8), iterations: 4096,
            expected: "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        PBKDF2Vector(
            source: "RFC 6070 inputs 5 (the long password and salt, two blocks)",
            password: Array("passwordPASSWORDpassword".utf8),
            salt: Array("saltSALTsaltSALTsaltSALTsaltSALTsalt".utf8), iterations: 4096,
            expected: "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
        PBKDF2Vector(
            source: "RFC 6070 inputs 6 (NUL bytes inside)", password: Array("pass\0word".utf8),
            salt: Array("sa\0lt".utf8), iterations: 4096, expected: "89b69d0516f829893c696226650a8687"),
        PBKDF2Vector(
            source: "RFC 7914 §11 (\"passwd\"/\"salt\")", password: Array("passwd".utf8), salt: Array("salt".utf8),
            iterations: 1,
            expected:
                "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
    ]
}

@Suite("PBKDF2-HMAC-SHA256: published vectors")
struct PBKDF2VectorTests {
    @Test("each published vector", arguments: PBKDF2Vector.published)
    func published(_ vector: PBKDF2Vector) {
        let key = PBKDF2HMACSHA256.deriveKey(
            password: vector.password, salt: vector.salt, iterations: vector.iterations,
            byteCount: vector.expected.count / 2)
        #expect(Hex.text(key) == vector.expected)
    }
}
