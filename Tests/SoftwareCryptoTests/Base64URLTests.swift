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

    @Test("One text for each byte string: a last character with bits set past the last byte is refused, every one")
    func canonicalOnly() {
        // Texts of 1 and 2 bytes leave 4 and 2 bits unused in their last
        // character: of its 64 values, only those with them zero are read.
        for (prefix, unused) in [("Z", 4), ("Zm", 2)] {
            for sextet in 0..<64 {
                let last = Base64URL.encode([UInt8(sextet << 2)]).first.map(String.init) ?? ""
                let text = prefix + last
                let read = Base64URL.decode(text)
                if sextet & ((1 << unused) - 1) == 0 {
                    #expect(read.map { Base64URL.encode($0) } == text, "\(text) reads back as itself")
                } else {
                    #expect(read == nil, "\(text) has bits set past its last byte")
                }
            }
        }
    }

    @Test("decode(encode(x)) is x, for every length to 300 and many contents (a fixed pseudo-random sequence)")
    func roundTrip() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0...300 {
            let bytes = (0..<length).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            let text = Base64URL.encode(bytes)
            #expect(Base64URL.decode(text) == bytes, "length \(length)")
        }
    }
}
