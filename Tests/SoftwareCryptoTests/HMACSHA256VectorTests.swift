import AdapterSoftwareCrypto
import Testing

/// One test case of RFC 4231 §4 ("Identifiers and Test Vectors for
/// HMAC-SHA-224, HMAC-SHA-256, HMAC-SHA-384, and HMAC-SHA-512").
struct HMACVector: Sendable, CustomTestStringConvertible {
    let testCase: Int
    let key: [UInt8]
    let data: [UInt8]
    /// HMAC-SHA-256 as printed in the RFC (test case 5 prints only its first 128 bits).
    let expected: String

    var testDescription: String { "RFC 4231 test case \(testCase)" }

    static let rfc4231: [HMACVector] = [
        HMACVector(
            testCase: 1, key: [UInt8](repeating: 0x0b, count: 20), data: Array("Hi There".utf8),
            expected: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        HMACVector(
            testCase: 2, key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
            expected: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        HMACVector(
            testCase: 3, key: [UInt8](repeating: 0xaa, count: 20), data: [UInt8](repeating: 0xdd, count: 50),
            expected: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        HMACVector(
            testCase: 4, key: Array(1...25), data: [UInt8](repeating: 0xcd, count: 50),
            expected: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        HMACVector(
            testCase: 5, key: [UInt8](repeating: 0x0c, count: 20), data: Array("Test With Truncation".utf8),
            expected: "a3b6167473100ee06e0c796c2955552b"),
        HMACVector(
            testCase: 6, key: [UInt8](repeating: 0xaa, count: 131),
            data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            expected: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        HMACVector(
            testCase: 7, key: [UInt8](repeating: 0xaa, count: 131),
            data: Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. "
                    + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            expected: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]
}

@Suite("HMAC-SHA256: RFC 4231")
struct HMACSHA256VectorTests {
    @Test("each RFC 4231 test case (case 5 compares the 128 bits the RFC prints)", arguments: HMACVector.rfc4231)
    func rfc4231(_ vector: HMACVector) {
        let code = HMACSHA256.authenticationCode(for: vector.data, key: vector.key)
        #expect(code.count == 32)
        #expect(Hex.text(Array(code.prefix(vector.expected.count / 2))) == vector.expected)
    }
}
