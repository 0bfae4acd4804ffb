public import Ports
public import Testing

/// Each call of `StatementRemoteAPI`, to check what they share.
public enum StatementCall: String, Sendable, Hashable, CaseIterable, CustomTestStringConvertible {
    /// `statement(token:)`.
    case statement
    /// `entryDetails(id:token:)`, of an entry the statement lists.
    case entryDetails

    /// The call's name.
    public var testDescription: String { rawValue }
}

/// The server side of a `StatementRemoteAPI` under test: the seeded people
/// it signs in, and the switches of the backend (or its loopback stand-in)
/// the checks that need them throw, in the contract's words. A backend that
/// has no switches (a real one, seeded only) throws from them: only the
/// promises that need none (`StatementRemoteAPIContract.Promise.needsTheServersSwitches`)
/// run there.
public protocol StatementBackendControl: SeededBackendControl {
    /// Fails the next call of `call` only, as `failure` says.
    func failNextCall(_ call: StatementCall, _ failure: RemoteCallFailure) async throws
}

/// A `StatementRemoteAPI` handed to `StatementRemoteAPIContract`, with its server.
public struct StatementAPIUnderTest: Sendable {
    /// The adapter under test.
    public let api: any StatementRemoteAPI
    /// The server it reads.
    public let server: any StatementBackendControl

    /// Makes a statement API under test of `api` against `server`.
    public init(api: any StatementRemoteAPI, server: any StatementBackendControl) {
        self.api = api
        self.server = server
    }
}

/// The `StatementRemoteAPI` port's contract (its doc comment, and
/// `RemoteError`'s mapping of an error answer), one promise per case of
/// `Promise`, checked on adapters a test target makes. Every error a check
/// meets is also searched for the token it was called with: none may say it.
public enum StatementRemoteAPIContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Sections by date, each with an item, and `itemsTotal` their count.
        case sectionsByDateAndTotal
        /// Every listed id has details with the listed amount, description and date.
        case listedEntriesHaveMatchingDetails
        /// Details of an unknown id are NOT_FOUND.
        case unknownEntryIsNotFound
        /// Details of another person's entry are NOT_FOUND.
        case anotherPersonsEntryIsNotFound
        /// Every call refuses a token the server never issued as TOKEN_INVALID.
        case unknownTokenIsInvalid
        /// Every call refuses a revoked token as TOKEN_INVALID.
        case revokedTokenIsInvalid
        /// Every call refuses a token past its lifetime with 401.
        case expiredTokenIsRefused
        /// Every call on an inactive account is USER_INACTIVE, on a deleted one USER_DELETED.
        case accountStateIsSaid
        /// A dropped connection, a malformed body and a 500 are the network's or the server's failure.
        case networkFailuresAreTheServers
        /// Every error status, whatever its body, maps as `RemoteError` says.
        case everyErrorStatusMapsAsRemoteErrorSays

        /// Whether the check throws a switch of the server
        /// (`StatementBackendControl`): a seeded backend runs the others.
        public var needsTheServersSwitches: Bool {
            switch self {
            case .sectionsByDateAndTotal, .listedEntriesHaveMatchingDetails, .unknownEntryIsNotFound,
                .anotherPersonsEntryIsNotFound, .unknownTokenIsInvalid:
                false
            case .revokedTokenIsInvalid, .expiredTokenIsRefused, .accountStateIsSaid, .networkFailuresAreTheServers,
                .everyErrorStatusMapsAsRemoteErrorSays:
                true
            }
        }

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .sectionsByDateAndTotal:
                "the statement has sections by date, each with an item, and itemsTotal equal to the item count"
            case .listedEntriesHaveMatchingDetails:
                "every listed id has details with the listed amount, description and date"
            case .unknownEntryIsNotFound: "details of an unknown id are refused as NOT_FOUND"
            case .anotherPersonsEntryIsNotFound: "details of another person's entry are refused as NOT_FOUND"
            case .unknownTokenIsInvalid: "every call refuses a token the server never issued as TOKEN_INVALID"
            case .revokedTokenIsInvalid: "every call refuses a revoked token as TOKEN_INVALID"
            case .expiredTokenIsRefused:
                "every call refuses a token past its lifetime with 401 TOKEN_EXPIRED (or TOKEN_INVALID)"
            case .accountStateIsSaid:
                "every call on an inactive account is USER_INACTIVE, on a deleted one USER_DELETED"
            case .networkFailuresAreTheServers:
                "a dropped connection is transport, a malformed body malformedResponse, a 500 the server's failure"
            case .everyErrorStatusMapsAsRemoteErrorSays:
                "every error status, whatever its body, maps as RemoteError says"
            }
        }
    }

    /// Checks `promise` on an adapter from `makeAPI`. A broken promise is
    /// recorded as a test issue; a switch that could not be thrown is thrown.
    public static func check(
        _ promise: Promise, on makeAPI: @Sendable () async throws -> StatementAPIUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeAPI()
        let checks = StatementChecks(api: sut.api, server: sut.server, sourceLocation: sourceLocation)
        switch promise {
        case .sectionsByDateAndTotal: try await checks.sectionsByDateAndTotal()
        case .listedEntriesHaveMatchingDetails: try await checks.listedEntriesHaveMatchingDetails()
        case .unknownEntryIsNotFound: try await checks.unknownEntryIsNotFound()
        case .anotherPersonsEntryIsNotFound: try await checks.anotherPersonsEntryIsNotFound()
        case .unknownTokenIsInvalid: try await checks.unknownTokenIsInvalid()
        case .revokedTokenIsInvalid: try await checks.revokedTokenIsInvalid()
        case .expiredTokenIsRefused: try await checks.expiredTokenIsRefused()
        case .accountStateIsSaid: try await checks.accountStateIsSaid()
        case .networkFailuresAreTheServers: try await checks.networkFailuresAreTheServers()
        case .everyErrorStatusMapsAsRemoteErrorSays: try await checks.everyErrorStatusMapsAsRemoteErrorSays()
        }
    }
}
