import Foundation
import Ports
import Testing

/// `Base64URL`, the one base64url of every module: RFC 4648's test vectors
/// (section 10) in the URL alphabet without padding, Foundation's base64 as
/// a second opinion, and the strict reading JOSE parts need.
@Suite("Base64url")
struct Base64URLTests {
    @Test(
        "RFC 4648's test vectors, without padding",
        arguments: [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ])
    func publishedVectors(_ plain: String, _ encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test("Every length to 64 bytes, every byte value: as Foundation writes it in the URL alphabet, and read back")
    func agreesWithFoundation() {
        for length in 0...64 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + length * 11 + 255 - $0) }
            let foundation = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == foundation, "length \(length)")
            #expect(Base64URL.decode(foundation) == bytes, "length \(length)")
        }
        let everyByte = (0...255).map(UInt8.init)
        #expect(Base64URL.decode(Base64URL.encode(everyByte)) == everyByte)
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8", "the URL alphabet's two characters")
    }

    @Test(
        "Read strictly: padding, base64's + and /, white space, other characters and a length no base64 has are refused",
        arguments: ["Zg==", "Zm8=", "a+b", "a/b", "Zm 9v", "Zm9v\n", "Zé", "abcde", "a"])
    func strictReading(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
