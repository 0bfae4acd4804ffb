public import Ports
public import Testing

/// Each call of `UserRemoteAPI`, to check what they share.
public enum UserCall: String, Sendable, Hashable, CaseIterable, CustomTestStringConvertible {
    /// `currentUser(token:)`.
    case currentUser
    /// `updateCurrentUser(_:token:)`.
    case updateCurrentUser
    /// `deleteCurrentUser(token:)`.
    case deleteCurrentUser
    /// `relatedUsers(token:)`.
    case relatedUsers
    /// `saveSharedWith(_:token:)`.
    case saveSharedWith

    /// The call's name.
    public var testDescription: String { rawValue }

    /// Whether `users` declares the call's route: the current user's by
    /// `offersCurrentUser`, the account routes by `offersAccountRoutes`.
    public func isOffered(by users: any UserRemoteAPI) -> Bool {
        self == .currentUser ? users.offersCurrentUser : users.offersAccountRoutes
    }

    /// Makes the call with `token`, changing nothing a later check reads
    /// but what the call is for: a rename, sharing with nobody (valid for
    /// every account, related people or not), a deletion.
    public func perform(on users: any UserRemoteAPI, token: AccessToken) async throws(RemoteError) {
        switch self {
        case .currentUser: _ = try await users.currentUser(token: token)
        case .updateCurrentUser: _ = try await users.updateCurrentUser(ProfileChanges(name: "Renamed"), token: token)
        case .deleteCurrentUser: try await users.deleteCurrentUser(token: token)
        case .relatedUsers: _ = try await users.relatedUsers(token: token)
        case .saveSharedWith: _ = try await users.saveSharedWith([], token: token)
        }
    }
}

/// The server side of a `UserRemoteAPI` under test: the seeded people it
/// signs in and what the seed says of them, and the switches of the
/// backend (or its loopback stand-in) the checks that need them throw, in
/// the contract's words. A backend with no switches (a real one, seeded
/// only) throws from them: only the promises that need none
/// (`UserRemoteAPIContract.Promise.needsTheServersSwitches`) run there.
public protocol UserBackendControl: SeededBackendControl {
    /// What the seed says of `person`.
    func profile(of person: SeededPerson) -> SeededProfile
    /// Fails the next call of `call` only, as `failure` says.
    func failNextCall(_ call: UserCall, _ failure: RemoteCallFailure) async throws
    /// Makes a new account, related to nobody, and signs it in.
    func signInANewAccount() async throws -> AccessToken
    /// How many requests the server has answered on the routes the app
    /// calls (the switches' own requests are not counted).
    func requestCount() async throws -> Int
}

/// A `UserRemoteAPI` handed to `UserRemoteAPIContract`, with its server.
public struct UserAPIUnderTest: Sendable {
    /// The adapter under test.
    public let api: any UserRemoteAPI
    /// The server it calls.
    public let server: any UserBackendControl

    /// Makes a user API under test of `api` against `server`.
    public init(api: any UserRemoteAPI, server: any UserBackendControl) {
        self.api = api
        self.server = server
    }
}

/// The `UserRemoteAPI` port's contract (its doc comment, its declared
/// routes and capabilities, and `RemoteError`'s mapping of an error
/// answer), one promise per case of `Promise`, checked on adapters a test
/// target makes. A promise about a route the adapter declares it lacks does
/// not apply there: the check says so with a warning and ends, naming the
/// declaration (that such a call sends nothing is a promise of its own).
/// Every error a check meets is searched for the token it was called with.
public enum UserRemoteAPIContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `currentUser` answers the token's person, as the seed says, from the server.
        case currentUserIsTheTokensPerson
        /// The declared routes never change, and account routes come only with the current user.
        case declaredRoutesAreConstant
        /// Every offered call refuses a token the server never issued as TOKEN_INVALID.
        case unknownTokenIsInvalid
        /// Updating with no fields changes nothing.
        case emptyChangesChangeNothing
        /// Malformed fields are VALIDATION_FAILED naming each, and change nothing.
        case malformedFieldsAreNamed
        /// Another account's e-mail is ALREADY_REGISTERED.
        case takenEmailIsAlreadyRegistered
        /// The two seeded people are among each other's related people, never their own.
        case relatedPeopleAreEachOther
        /// Saving the choice as it is answers what `relatedUsers` answers.
        case savingTheChoiceAsItIsChangesNothing
        /// Sharing with someone not related is VALIDATION_FAILED on `shared`, changing nothing.
        case sharingWithSomeoneNotRelatedIsRefused
        /// A call whose route is not declared is NOT_FOUND, and nothing is sent.
        case undeclaredRouteSendsNothing
        /// Every offered call refuses a revoked token as TOKEN_INVALID.
        case revokedTokenIsInvalid
        /// Every offered call refuses a token past its lifetime as `tellsExpiredTokenApart` says.
        case expiredTokenIsRefusedAsDeclared
        /// Every offered call on an inactive account is USER_INACTIVE (or a profile that says so).
        case inactiveAccountIsSaid
        /// Every offered call on a deleted account is USER_DELETED (or a profile that says so).
        case deletedAccountIsSaid
        /// Updating only the name keeps the e-mail and CPF; only the e-mail keeps the name.
        case updatingOneFieldKeepsTheOthers
        /// After `deleteCurrentUser` the account's tokens are refused and its credentials no longer sign in.
        case deletedAccountIsGone
        /// An account related to nobody has no related people.
        case noRelationsMeansNone
        /// A saved choice is what `relatedUsers` answers next, on a new sign-in too, for that person only.
        case savedChoiceIsKeptByTheServer
        /// A dropped connection, a malformed body and a 500 are the network's or the server's failure.
        case networkFailuresAreTheServers
        /// Every error status, whatever its body, maps as `RemoteError` says.
        case everyErrorStatusMapsAsRemoteErrorSays

        /// Whether the check throws a switch of the server
        /// (`UserBackendControl`), or changes the seed: a seeded backend runs the others.
        public var needsTheServersSwitches: Bool {
            switch self {
            case .currentUserIsTheTokensPerson, .declaredRoutesAreConstant, .unknownTokenIsInvalid,
                .emptyChangesChangeNothing, .malformedFieldsAreNamed, .takenEmailIsAlreadyRegistered,
                .relatedPeopleAreEachOther, .savingTheChoiceAsItIsChangesNothing,
                .sharingWithSomeoneNotRelatedIsRefused:
                false
            case .undeclaredRouteSendsNothing, .revokedTokenIsInvalid, .expiredTokenIsRefusedAsDeclared,
                .inactiveAccountIsSaid, .deletedAccountIsSaid, .updatingOneFieldKeepsTheOthers, .deletedAccountIsGone,
                .noRelationsMeansNone, .savedChoiceIsKeptByTheServer, .networkFailuresAreTheServers,
                .everyErrorStatusMapsAsRemoteErrorSays:
                true
            }
        }

        /// Whether the promise is about the routes the adapter declares
        /// (`offersCurrentUser`, `offersAccountRoutes`) rather than what a
        /// route answers: the one promise an adapter with no user route keeps.
        public var concernsTheDeclaredRoutes: Bool {
            switch self {
            case .declaredRoutesAreConstant, .undeclaredRouteSendsNothing: true
            default: false
            }
        }

        /// The routes the promise is about; it does not apply to an
        /// adapter that declares them absent.
        var calls: [UserCall] {
            switch self {
            case .currentUserIsTheTokensPerson: [.currentUser]
            case .emptyChangesChangeNothing, .malformedFieldsAreNamed, .takenEmailIsAlreadyRegistered,
                .updatingOneFieldKeepsTheOthers:
                [.currentUser, .updateCurrentUser]
            case .relatedPeopleAreEachOther, .noRelationsMeansNone: [.currentUser, .relatedUsers]
            case .savingTheChoiceAsItIsChangesNothing, .sharingWithSomeoneNotRelatedIsRefused,
                .savedChoiceIsKeptByTheServer:
                [.currentUser, .relatedUsers, .saveSharedWith]
            case .deletedAccountIsGone: [.currentUser, .deleteCurrentUser]
            // Every offered call: with no current user there is none (the
            // account routes never come without it).
            case .unknownTokenIsInvalid, .revokedTokenIsInvalid, .expiredTokenIsRefusedAsDeclared,
                .inactiveAccountIsSaid, .deletedAccountIsSaid, .networkFailuresAreTheServers,
                .everyErrorStatusMapsAsRemoteErrorSays:
                [.currentUser]
            case .declaredRoutesAreConstant, .undeclaredRouteSendsNothing: []
            }
        }

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .currentUserIsTheTokensPerson: "currentUser answers the token's person, as the seed says"
            case .declaredRoutesAreConstant:
                "the declared routes never change, and account routes come only with the current user"
            case .unknownTokenIsInvalid: "every offered call refuses a token the server never issued as TOKEN_INVALID"
            case .emptyChangesChangeNothing: "updating with no fields changes nothing"
            case .malformedFieldsAreNamed: "malformed fields are VALIDATION_FAILED naming each, changing nothing"
            case .takenEmailIsAlreadyRegistered: "another account's e-mail is ALREADY_REGISTERED"
            case .relatedPeopleAreEachOther: "the two seeded people are among each other's related people"
            case .savingTheChoiceAsItIsChangesNothing:
                "saving the choice as it is answers what relatedUsers answers"
            case .sharingWithSomeoneNotRelatedIsRefused:
                "sharing with someone not related is VALIDATION_FAILED on shared, changing nothing"
            case .undeclaredRouteSendsNothing: "a call whose route is not declared is NOT_FOUND, and nothing is sent"
            case .revokedTokenIsInvalid: "every offered call refuses a revoked token as TOKEN_INVALID"
            case .expiredTokenIsRefusedAsDeclared:
                "every offered call refuses an expired token as TOKEN_EXPIRED where it tells it apart, else TOKEN_INVALID"
            case .inactiveAccountIsSaid: "every offered call on an inactive account says so"
            case .deletedAccountIsSaid: "every offered call on a deleted account says so"
            case .updatingOneFieldKeepsTheOthers: "updating one field keeps the others"
            case .deletedAccountIsGone:
                "after deleteCurrentUser the account's tokens are refused and its credentials no longer sign in"
            case .noRelationsMeansNone: "an account related to nobody has no related people"
            case .savedChoiceIsKeptByTheServer:
                "a saved choice is what relatedUsers answers next, on a new sign-in too, for that person only"
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
        _ promise: Promise, on makeAPI: @Sendable () async throws -> UserAPIUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeAPI()
        if let absent = promise.calls.first(where: { !$0.isOffered(by: sut.api) }) {
            let comment: Comment =
                "does not apply: the adapter declares no \(absent) route (offersCurrentUser \(sut.api.offersCurrentUser), offersAccountRoutes \(sut.api.offersAccountRoutes))"
            Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
            try Test.cancel(comment, sourceLocation: sourceLocation)
        }
        let checks = UserChecks(users: sut.api, server: sut.server, sourceLocation: sourceLocation)
        switch promise {
        case .currentUserIsTheTokensPerson: try await checks.currentUserIsTheTokensPerson()
        case .declaredRoutesAreConstant: try await checks.declaredRoutesAreConstant()
        case .unknownTokenIsInvalid: try await checks.unknownTokenIsInvalid()
        case .emptyChangesChangeNothing: try await checks.emptyChangesChangeNothing()
        case .malformedFieldsAreNamed: try await checks.malformedFieldsAreNamed()
        case .takenEmailIsAlreadyRegistered: try await checks.takenEmailIsAlreadyRegistered()
        case .relatedPeopleAreEachOther: try await checks.relatedPeopleAreEachOther()
        case .savingTheChoiceAsItIsChangesNothing: try await checks.savingTheChoiceAsItIsChangesNothing()
        case .sharingWithSomeoneNotRelatedIsRefused: try await checks.sharingWithSomeoneNotRelatedIsRefused()
        case .undeclaredRouteSendsNothing: try await checks.undeclaredRouteSendsNothing()
        case .revokedTokenIsInvalid: try await checks.revokedTokenIsInvalid()
        case .expiredTokenIsRefusedAsDeclared: try await checks.expiredTokenIsRefusedAsDeclared()
        case .inactiveAccountIsSaid: try await checks.accountStateIsSaid(.inactive)
        case .deletedAccountIsSaid: try await checks.accountStateIsSaid(.deleted)
        case .updatingOneFieldKeepsTheOthers: try await checks.updatingOneFieldKeepsTheOthers()
        case .deletedAccountIsGone: try await checks.deletedAccountIsGone()
        case .noRelationsMeansNone: try await checks.noRelationsMeansNone()
        case .savedChoiceIsKeptByTheServer: try await checks.savedChoiceIsKeptByTheServer()
        case .networkFailuresAreTheServers: try await checks.networkFailuresAreTheServers()
        case .everyErrorStatusMapsAsRemoteErrorSays: try await checks.everyErrorStatusMapsAsRemoteErrorSays()
        }
    }
}
