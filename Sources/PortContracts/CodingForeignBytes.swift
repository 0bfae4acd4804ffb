public import Foundation
public import Testing

/// Bytes that are no coding's session: what a store finds where its session
/// should be when something else wrote there, and what every coding must
/// refuse as not a session.
public struct CodingForeignBytes: Sendable, CustomTestStringConvertible {
    /// What the bytes are, as a test's argument is named.
    public let name: String
    /// The bytes.
    public let data: Data

    /// Makes a sample named `name` of `data`.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }

    /// The sample's name, as a test's argument is shown.
    public var testDescription: String { name }

    /// Every foreign sample: zero bytes, text, invalid UTF-8, other JSON and
    /// property lists, another line format, and the property lists that
    /// crashed Foundation's reader on Linux.
    public static let all: [CodingForeignBytes] = [
        CodingForeignBytes(name: "one zero byte", data: Data([0])),
        CodingForeignBytes(name: "a newline", data: Data("\n".utf8)),
        CodingForeignBytes(name: "plain text", data: Data("hello, world\n".utf8)),
        CodingForeignBytes(name: "invalid UTF-8", data: Data([0xFF, 0xFE, 0xC3, 0x28, 0xA0, 0xA1, 0x0A])),
        CodingForeignBytes(name: "pseudo-random bytes", data: pseudoRandomBytes(count: 512, seed: 42)),
        CodingForeignBytes(name: "JSON of something else", data: Data(#"{"feed":[{"id":1,"name":"x"}]}"#.utf8)),
        CodingForeignBytes(name: "JSON null", data: Data("null".utf8)),
        CodingForeignBytes(name: "JSON empty object", data: Data("{}".utf8)),
        CodingForeignBytes(
            name: "XML property list of something else",
            data: Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><dict><key>CFBundleName</key><string>Gatehouse</string></dict></plist>

                """.utf8)
        ),
        CodingForeignBytes(name: "binary property list header only", data: Data("bplist00".utf8)),
        CodingForeignBytes(
            name: "a line format with another header",
            data: Data("other-session 1\ntoken=absent\nuser=absent\nend\n".utf8)
        ),
        CodingForeignBytes(
            name: "a line format's header with version 0",
            data: Data("gatehouse-session 0\ntoken=absent\nuser=absent\nend\n".utf8)
        ),
        CodingForeignBytes(
            name: "the in-memory envelope with version 0",
            data: Data(#"{"magic":"gatehouse-in-memory-session","version":0}"#.utf8)
        ),
        // A 45-byte binary property list whose top object is a set holding an
        // empty dictionary: Linux Foundation's property-list reader crashes
        // (SIGSEGV) bridging it, so a session file like this crashed every launch.
        CodingForeignBytes(
            name: "a binary property list holding a set",
            data: Data(base64Encoded: "YnBsaXN0MDDBAdAICgAAAAAAAAEBAAAAAAAAAAIAAAAAAAAAAAAAAAAAAAAL") ?? Data()
        ),
        // The same crash with a set of one string inside an array: a set anywhere, not only on top.
        CodingForeignBytes(
            name: "a binary property list with a set inside an array",
            data: Data(base64Encoded: "YnBsaXN0MDChAcECUWEICgwAAAAAAAABAQAAAAAAAAADAAAAAAAAAAAAAAAAAAAADg==") ?? Data()
        ),
        CodingForeignBytes(
            name: "a line format in UTF-16",
            data: Data(
                "gatehouse-session 1\ntoken=absent\nuser=absent\nend\n".utf16.flatMap {
                    [UInt8($0 & 0xFF), UInt8($0 >> 8)]
                })
        ),
    ]

    /// Deterministic bytes from a linear congruential generator.
    public static func pseudoRandomBytes(count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data(
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            })
    }
}
