import AdapterFileKeychain
import AdapterInMemory
import Foundation
import PortContracts
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

    /// The coding as `PortContracts` checks it.
    var underTest: SessionCodingUnderTest {
        SessionCodingUnderTest(coding: coding, encodeAsNextVersion: encodeAsNextVersion)
    }
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
