import Foundation
public import Ports
import Testing

/// The checks behind `SessionCodingContract`, one method per promise.
struct SessionCodingChecks {
    let sut: SessionCodingUnderTest

    private var coding: any SessionCoding { sut.coding }

    private func decodeResult(_ data: Data) -> Result<UserSession, SessionCodingError> {
        SessionCodingContract.decodeResult(coding, data)
    }

    func hasANameAndAPositiveFormatVersion() {
        #expect(!coding.formatName.isEmpty)
        #expect(coding.formatVersion >= 1)
    }

    func decodesEverySampleWithEveryField() throws {
        for sample in CodingSample.all {
            let decoded = try coding.decode(try coding.encode(sample.session))
            let expected = sample.session

            #expect(decoded == expected, "\(sample.name)")
            // Field by field too, so a failure says which one was lost.
            #expect(decoded.token?.token.reveal() == expected.token?.token.reveal(), "\(sample.name)")
            #expect(
                decoded.token?.issuedAt.timeIntervalSinceReferenceDate
                    == expected.token?.issuedAt.timeIntervalSinceReferenceDate, "\(sample.name)")
            #expect(
                decoded.token?.expiresAt.timeIntervalSinceReferenceDate
                    == expected.token?.expiresAt.timeIntervalSinceReferenceDate, "\(sample.name)")
            #expect(decoded.cachedUser?.profile == expected.cachedUser?.profile, "\(sample.name)")
            #expect(
                decoded.cachedUser?.syncedAt.timeIntervalSinceReferenceDate
                    == expected.cachedUser?.syncedAt.timeIntervalSinceReferenceDate, "\(sample.name)")
        }
    }

    func decodesManyDistinctSessionsUnmixed() throws {
        for session in CodingSample.distinct(count: 20) {
            #expect(try coding.decode(try coding.encode(session)) == session)
        }
    }

    func refusesEmptyData() {
        let result = decodeResult(Data())

        #expect(result.failure?.isNotASession == true, "got \(result)")
    }

    func refusesForeignBytes() {
        for foreign in CodingForeignBytes.all {
            let result = decodeResult(foreign.data)

            #expect(result.failure?.isNotASession == true, "\(foreign.name): got \(result)")
        }
    }

    func refusesEveryTruncation() throws {
        for sample in [CodingSample.both, CodingSample.unicode, CodingSample.neither] {
            let encoded = try coding.encode(sample.session)

            let prefixLengthsNotRefused = (0..<encoded.count).filter { length in
                decodeResult(encoded.prefix(length)).failure?.isNotASession != true
            }

            #expect(prefixLengthsNotRefused == [], "\(sample.name), of \(encoded.count) bytes")
        }
    }

    func refusesANewerFormatVersion() throws {
        for sample in [CodingSample.both, CodingSample.neither] {
            let newer = try sut.encodeAsNextVersion(sample.session)

            let result = decodeResult(newer)

            let newest = coding.formatVersion
            #expect(result.failure == .unsupportedVersion(found: newest + 1, newestKnown: newest), "\(sample.name)")
        }
    }

    func decodeErrorsNeverHoldTheToken() throws {
        for sample in CodingSample.all where sample.tokenText?.isEmpty == false {
            let token = try #require(sample.tokenText)
            let encoded = try coding.encode(sample.session)
            let damaged =
                Self.truncations(of: encoded) + Self.damagedCopies(of: encoded)
                + [try sut.encodeAsNextVersion(sample.session)]

            let errors = damaged.compactMap { decodeResult($0).failure }

            #expect(!errors.isEmpty, "\(sample.name)")
            // Counted, not listed: a failure must not print the token either.
            let leakCount = errors.flatMap(everyTextOf).filter { $0.contains(token) }.count
            #expect(leakCount == 0, "\(sample.name)")
        }
    }

    func neverTrapsOnDamagedBytes() throws {
        let encoded = try coding.encode(CodingSample.unicode.session)

        // Each damaged copy either decodes or throws; reaching the end is the
        // check: a coding that traps stops the whole test process there, so
        // the last promise started names it.
        let outcomes = Self.damagedCopies(of: encoded).map(decodeResult)

        #expect(outcomes.count == encoded.count * Self.damageBytes.count)
    }

    private static let damageBytes: [UInt8] = [
        0x00, 0xFF, 0x0A, UInt8(ascii: "="), UInt8(ascii: "%"), UInt8(ascii: "{"),
    ]

    private static func truncations(of data: Data) -> [Data] {
        (0..<data.count).map { Data(data.prefix($0)) }
    }

    /// `data` with one byte replaced, for every byte and every damage byte.
    private static func damagedCopies(of data: Data) -> [Data] {
        let bytes = [UInt8](data)
        return bytes.indices.flatMap { index in
            damageBytes.map { damage in
                var copy = bytes
                copy[index] = damage
                return Data(copy)
            }
        }
    }
}

extension SessionCodingError {
    /// Whether the error says the bytes are not a session of this coding.
    public var isNotASession: Bool {
        if case .notASession = self { return true }
        return false
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
