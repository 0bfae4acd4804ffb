import Foundation
import PortContracts
import Ports
import Testing

/// The `SessionCoding` contract (see the port's doc comment), run against
/// every coding in `CodingUnderTest.all`.
@Suite("SessionCoding contract")
struct SessionCodingContractTests {
    // MARK: Identity

    @Test(arguments: CodingUnderTest.all)
    func coding_hasANameAndAPositiveFormatVersion(_ sut: CodingUnderTest) {
        #expect(!sut.coding.formatName.isEmpty)
        #expect(sut.coding.formatVersion >= 1)
    }

    // MARK: Round trips

    @Test(arguments: CodingUnderTest.all, CodingSample.all)
    func decode_deliversTheEncodedSessionWithEveryField(_ sut: CodingUnderTest, _ sample: CodingSample) throws {
        let decoded = try sut.coding.decode(try sut.coding.encode(sample.session))

        #expect(decoded == sample.session)
        // Field by field too, so a failure says which one was lost.
        #expect(decoded.token?.token.reveal() == sample.session.token?.token.reveal())
        #expect(
            decoded.token?.issuedAt.timeIntervalSinceReferenceDate
                == sample.session.token?.issuedAt.timeIntervalSinceReferenceDate)
        #expect(
            decoded.token?.expiresAt.timeIntervalSinceReferenceDate
                == sample.session.token?.expiresAt.timeIntervalSinceReferenceDate)
        #expect(decoded.cachedUser?.profile == sample.session.cachedUser?.profile)
        #expect(
            decoded.cachedUser?.syncedAt.timeIntervalSinceReferenceDate
                == sample.session.cachedUser?.syncedAt.timeIntervalSinceReferenceDate)
    }

    @Test(arguments: CodingUnderTest.all)
    func decode_deliversEachOfManyDistinctSessionsUnmixed(_ sut: CodingUnderTest) throws {
        for session in CodingSample.distinct(count: 20) {
            #expect(try sut.coding.decode(try sut.coding.encode(session)) == session)
        }
    }

    // MARK: Bytes it did not write

    @Test(arguments: CodingUnderTest.all)
    func decode_throwsNotASessionOnEmptyData(_ sut: CodingUnderTest) {
        let result = codingDecodeResult(sut.coding, Data())

        #expect(result.failure?.isNotASession == true, "got \(result)")
    }

    @Test(arguments: CodingUnderTest.all, CodingForeignBytes.all)
    func decode_throwsNotASessionOnForeignBytes(_ sut: CodingUnderTest, _ foreign: CodingForeignBytes) {
        let result = codingDecodeResult(sut.coding, foreign.data)

        #expect(result.failure?.isNotASession == true, "got \(result)")
    }

    @Test(arguments: CodingUnderTest.all, [CodingSample.both, CodingSample.unicode, CodingSample.neither])
    func decode_throwsNotASessionOnEveryTruncation(_ sut: CodingUnderTest, _ sample: CodingSample) throws {
        let encoded = try sut.coding.encode(sample.session)

        let prefixLengthsNotRefused = (0..<encoded.count).filter { length in
            codingDecodeResult(sut.coding, encoded.prefix(length)).failure?.isNotASession != true
        }

        #expect(prefixLengthsNotRefused == [], "of \(encoded.count) bytes")
    }

    @Test(arguments: CodingUnderTest.pairs)
    func decode_throwsNotASessionOnAnotherCodingsOutput(_ pair: CodingPair) throws {
        for sample in CodingSample.all {
            let result = codingDecodeResult(pair.reader.coding, try pair.writer.coding.encode(sample.session))

            #expect(result.failure?.isNotASession == true, "\(sample.name): got \(result)")
        }
    }

    // MARK: Versions

    @Test(arguments: CodingUnderTest.all, [CodingSample.both, CodingSample.neither])
    func decode_throwsUnsupportedVersionOnANewerFormatVersion(_ sut: CodingUnderTest, _ sample: CodingSample) throws {
        let newer = try sut.encodeAsNextVersion(sample.session)

        let result = codingDecodeResult(sut.coding, newer)

        let newest = sut.coding.formatVersion
        #expect(result.failure == .unsupportedVersion(found: newest + 1, newestKnown: newest))
    }

    // MARK: Secrets

    @Test(arguments: CodingUnderTest.all, CodingSample.all.filter { $0.tokenText?.isEmpty == false })
    func decodeErrors_neverContainTheToken(_ sut: CodingUnderTest, _ sample: CodingSample) throws {
        let token = try #require(sample.tokenText)
        let encoded = try sut.coding.encode(sample.session)
        let damaged =
            Self.truncations(of: encoded) + Self.damagedCopies(of: encoded)
            + [try sut.encodeAsNextVersion(sample.session)]

        let errors = damaged.compactMap { codingDecodeResult(sut.coding, $0).failure }

        #expect(!errors.isEmpty)
        // Counted, not listed: a failure must not print the token either.
        let leakCount = errors.flatMap(everyTextOf).filter { $0.contains(token) }.count
        #expect(leakCount == 0)
    }

    @Test(arguments: CodingUnderTest.all)
    func decode_neverTrapsOnDamagedBytes(_ sut: CodingUnderTest) throws {
        let encoded = try sut.coding.encode(CodingSample.unicode.session)

        // Each damaged copy either decodes or throws; reaching the end is the test.
        let outcomes = Self.damagedCopies(of: encoded).map { codingDecodeResult(sut.coding, $0) }

        #expect(outcomes.count == encoded.count * Self.damageBytes.count)
    }

    // MARK: Helpers

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

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
