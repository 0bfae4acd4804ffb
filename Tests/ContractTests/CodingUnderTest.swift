import AdapterFileKeychain
import AdapterInMemory
import Foundation
import Ports
import Testing

/// One `SessionCoding` adapter under the contract, with what only it knows:
/// how its bytes would look in the next format version.
struct CodingUnderTest: Sendable, CustomTestStringConvertible {
    let coding: any SessionCoding
    /// The registry plugin this coding is.
    var plugin: CoveredPlugin? = nil
    /// Bytes that are `session` in format version `coding.formatVersion + 1`.
    let encodeAsNextVersion: @Sendable (UserSession) throws -> Data

    var testDescription: String { coding.formatName }
}

extension CodingUnderTest {
    /// Every `SessionCoding` adapter. A new coding joins with one line here.
    static let all: [CodingUnderTest] = [
        .inMemoryText,
        CodingUnderTest(coding: JSONSessionCoding(), plugin: CoveredPlugin(.coding, "json")) {
            JSONSessionCoding().encode($0, asVersion: JSONSessionCoding.currentVersion + 1)
        },
        CodingUnderTest(coding: PropertyListSessionCoding(), plugin: CoveredPlugin(.coding, "plist")) {
            try PropertyListSessionCoding().encode($0, asVersion: 2)
        },
    ]

    /// Every ordered pair of different codings, for "decoding another coding's
    /// output throws". Empty while there is only one coding.
    static let pairs: [CodingPair] = all.flatMap { writer in
        all.filter { $0.coding.formatName != writer.coding.formatName }
            .map { CodingPair(writer: writer, reader: $0) }
    }

    /// The envelope of `encode` with its version raised by one; the rest of it
    /// is never read, so how `JSONSerialization` rewrites it does not matter.
    static let inMemoryText = CodingUnderTest(
        coding: InMemorySessionCoding(), plugin: CoveredPlugin(.coding, "in-memory-text")
    ) { session in
        let encoded = try InMemorySessionCoding().encode(session)
        var envelope = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        envelope["version"] = InMemorySessionCoding.currentVersion + 1
        return try JSONSerialization.data(withJSONObject: envelope)
    }
}

/// One coding's output handed to another coding.
struct CodingPair: Sendable, CustomTestStringConvertible {
    let writer: CodingUnderTest
    let reader: CodingUnderTest

    var testDescription: String { "\(writer.coding.formatName) read by \(reader.coding.formatName)" }
}

/// Bytes that are no coding's session.
struct CodingForeignBytes: Sendable, CustomTestStringConvertible {
    let name: String
    let data: Data

    var testDescription: String { name }

    static let all: [CodingForeignBytes] = [
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
    static func pseudoRandomBytes(count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data(
            (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            })
    }
}

extension SessionCodingError {
    var isNotASession: Bool {
        if case .notASession = self { return true }
        return false
    }
}

/// What `decode` made of `data`, without `try`.
func codingDecodeResult(_ coding: any SessionCoding, _ data: Data) -> Result<UserSession, SessionCodingError> {
    Result { () throws(SessionCodingError) in try coding.decode(data) }
}
