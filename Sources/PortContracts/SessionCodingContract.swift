public import Foundation
public import Ports
public import Testing

/// A `SessionCoding` handed to `SessionCodingContract`: the coding, and what
/// only its author knows — how its bytes would look in the next format version.
public struct SessionCodingUnderTest: Sendable {
    /// The adapter under test.
    public let coding: any SessionCoding
    /// Bytes that are the session in format version `coding.formatVersion + 1`.
    public let encodeAsNextVersion: @Sendable (UserSession) throws -> Data

    /// Makes a coding under test of `coding`.
    public init(coding: any SessionCoding, encodeAsNextVersion: @escaping @Sendable (UserSession) throws -> Data) {
        self.coding = coding
        self.encodeAsNextVersion = encodeAsNextVersion
    }
}

/// The `SessionCoding` port's contract (its doc comment), as checks any test
/// target runs on its own coding, one promise per case of `Promise`:
///
/// ```swift
/// @Test(arguments: SessionCodingContract.Promise.allCases)
/// func myCodingKeepsThePortsPromise(_ promise: SessionCodingContract.Promise) throws {
///     try SessionCodingContract.check(promise, on: SessionCodingUnderTest(coding: MyCoding()) { ... })
/// }
/// ```
public enum SessionCodingContract {
    /// One promise of the port, checked by `check(_:on:)`.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The coding has a name and a format version of at least one.
        case hasANameAndAPositiveFormatVersion
        /// Every sample decodes to what was encoded, field by field.
        case decodesEverySampleWithEveryField
        /// Many distinct sessions each decode unmixed.
        case decodesManyDistinctSessionsUnmixed
        /// Empty data is not a session.
        case refusesEmptyData
        /// Bytes another program wrote are not a session.
        case refusesForeignBytes
        /// No truncation of an encoded session is a session.
        case refusesEveryTruncation
        /// A newer format version is refused as unsupported, naming both versions.
        case refusesANewerFormatVersion
        /// No decoding error holds the token.
        case decodeErrorsNeverHoldTheToken
        /// Damaged bytes decode or throw; they never trap.
        case neverTrapsOnDamagedBytes

        /// The promise's name, as a test's argument is shown.
        public var testDescription: String { rawValue }
    }

    /// Checks `promise` on `sut`. A broken promise is recorded as a test
    /// issue; an error the check did not expect (an encoding that failed) is thrown.
    public static func check(_ promise: Promise, on sut: SessionCodingUnderTest) throws {
        let checks = SessionCodingChecks(sut: sut)
        switch promise {
        case .hasANameAndAPositiveFormatVersion: checks.hasANameAndAPositiveFormatVersion()
        case .decodesEverySampleWithEveryField: try checks.decodesEverySampleWithEveryField()
        case .decodesManyDistinctSessionsUnmixed: try checks.decodesManyDistinctSessionsUnmixed()
        case .refusesEmptyData: checks.refusesEmptyData()
        case .refusesForeignBytes: checks.refusesForeignBytes()
        case .refusesEveryTruncation: try checks.refusesEveryTruncation()
        case .refusesANewerFormatVersion: try checks.refusesANewerFormatVersion()
        case .decodeErrorsNeverHoldTheToken: try checks.decodeErrorsNeverHoldTheToken()
        case .neverTrapsOnDamagedBytes: try checks.neverTrapsOnDamagedBytes()
        }
    }

    /// What `decode` made of `data`, without `try`.
    public static func decodeResult(_ coding: any SessionCoding, _ data: Data) -> Result<
        UserSession, SessionCodingError
    > {
        Result { () throws(SessionCodingError) in try coding.decode(data) }
    }
}
