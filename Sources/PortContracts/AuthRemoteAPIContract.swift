public import Testing

/// The `AuthRemoteAPI` port's contract (its doc comment, its declared
/// capabilities — identifier kinds, sign-in methods, refresh rotation, the
/// refusals told apart, the registration offer, sign-out — and
/// `RemoteError`'s mapping of an error answer), one promise per case of
/// `Promise`, checked on adapters a test target makes. A promise about a
/// capability the adapter declares it lacks does not apply there: the check
/// says so with a warning and ends, naming the declaration and the promise
/// that proves the refusal going with its absence. Every error a check
/// meets is searched for the password, token and refresh token it sent.
public enum AuthRemoteAPIContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Every declaration stays as it was after sign-ins, a sign-up and a sign-in outside the app.
        case declarationsAreConstant
        /// The declarations agree with each other, as the port's doc comment ties them.
        case declarationsAgree
        /// A sign-in by each identifier kind declared answers a token of that person, which refreshes.
        case signInByEachDeclaredKindIsThatPerson
        /// Two sign-ins answer two different tokens.
        case everySignInAnswersANewToken
        /// A wrong password is INVALID_CREDENTIALS (or a code-less 401).
        case wrongPasswordIsInvalidCredentials
        /// An identifier no account has, of each kind declared, is INVALID_CREDENTIALS.
        case unknownIdentifierIsInvalidCredentials
        /// An inactive account's sign-in is USER_INACTIVE where told apart, wrong credentials otherwise.
        case inactiveAccountAtSignInIsAsDeclared
        /// A refresh answers a new access token, and what it leaves refreshes again.
        case refreshAnswersANewToken
        /// A spent credential is as `refreshRotation` says.
        case spentCredentialIsAsTheRotationSays
        /// A credential the server never issued is TOKEN_INVALID.
        case unknownCredentialIsInvalid
        /// A sign-up with an identifier in use, of each the offer takes, is ALREADY_REGISTERED.
        case identifierInUseIsAlreadyRegistered
        /// A sign-up with malformed fields is VALIDATION_FAILED naming some of them, and only fields the offer takes.
        case malformedSignUpFieldsAreNamed
        /// A method not listed, and beginSignIn(.password), are refused as methodNotOffered.
        case unlistedMethodsAreRefused
        /// An identifier kind, a method or a sign-up the adapter declares absent is refused at once, sending nothing.
        case undeclaredCallsSendNothing
        /// A kept session without an ID token has nothing to prove, and proving it sends nothing.
        case keptSessionWithoutAnIDTokenHasNothingToProve
        /// An offered sign-up reaches the server, refused as ALREADY_REGISTERED for an identifier in use.
        case offeredSignUpReachesTheServer
        /// A sign-up answers as the offer says: an account and no session, or a session whose tokens refresh.
        case signUpAnswersAsOffered
        /// A registered account signs in with the password sent, by each identifier the sign-up took.
        case registeredAccountSignsIn
        /// A field the sign-up does not take is neither sent nor judged.
        case fieldsNotTakenAreNotJudged
        /// The password rule declared is the backend's: the seed meets it, a sign-up takes what it
        /// accepts (and signs in with it) and refuses what it refuses as VALIDATION_FAILED on password.
        case passwordRuleIsTheBackends
        /// A deleted account's sign-in is refused like wrong credentials.
        case deletedAccountSignsInLikeWrongCredentials
        /// A token past its lifetime, inside its refresh window, refreshes.
        case tokenPastItsLifetimeRefreshes
        /// A token past its refresh window is TOKEN_EXPIRED where told apart, TOKEN_INVALID otherwise.
        case tokenPastItsRefreshWindowIsAsDeclared
        /// A revoked credential is TOKEN_INVALID.
        case revokedCredentialIsInvalid
        /// A refresh for an inactive account is USER_INACTIVE where told apart, TOKEN_INVALID otherwise.
        case inactiveAccountAtRefreshIsAsDeclared
        /// A refresh for a deleted account is USER_DELETED where told apart, TOKEN_INVALID otherwise.
        case deletedAccountAtRefreshIsAsDeclared
        /// signOut ends the token where offered (twice is harmless), and sends nothing where not.
        case signOutIsAsOffered
        /// signOut ends a token past its lifetime that could still be refreshed.
        case signOutEndsATokenInsideItsRefreshWindow
        /// A dropped connection, a malformed body and a 500 are the network's or the server's failure.
        case networkFailuresAreTheServers
        /// Every error status, whatever its body, maps as `RemoteError` says, on every call that sends.
        case everyErrorStatusMapsAsRemoteErrorSays
        /// A throttle, an outage and a server failure, each in the dialect's own answer, are what
        /// `RemoteError` says of them: a throttle the port's 429, the others the server's failure.
        case dialectRefusalsAreTheirKind
        /// An answer of 16 MiB (its length said or not) and a redirect to another origin fail the
        /// call as the server's doing, on every call that sends.
        case transportRefusesHostileAnswers

        /// Whether the check throws a switch of the server
        /// (`AuthBackendControl`), counts its requests, or changes the seed
        /// (creates an account): a seeded backend runs the others.
        public var needsTheServersSwitches: Bool {
            switch self {
            case .declarationsAreConstant, .declarationsAgree, .signInByEachDeclaredKindIsThatPerson,
                .everySignInAnswersANewToken, .wrongPasswordIsInvalidCredentials,
                .unknownIdentifierIsInvalidCredentials, .inactiveAccountAtSignInIsAsDeclared,
                .refreshAnswersANewToken, .spentCredentialIsAsTheRotationSays, .unknownCredentialIsInvalid,
                .identifierInUseIsAlreadyRegistered, .malformedSignUpFieldsAreNamed, .unlistedMethodsAreRefused:
                false
            case .undeclaredCallsSendNothing, .keptSessionWithoutAnIDTokenHasNothingToProve,
                .offeredSignUpReachesTheServer, .signUpAnswersAsOffered,
                .registeredAccountSignsIn, .fieldsNotTakenAreNotJudged, .passwordRuleIsTheBackends,
                .deletedAccountSignsInLikeWrongCredentials,
                .tokenPastItsLifetimeRefreshes, .tokenPastItsRefreshWindowIsAsDeclared, .revokedCredentialIsInvalid,
                .inactiveAccountAtRefreshIsAsDeclared, .deletedAccountAtRefreshIsAsDeclared, .signOutIsAsOffered,
                .signOutEndsATokenInsideItsRefreshWindow, .networkFailuresAreTheServers,
                .everyErrorStatusMapsAsRemoteErrorSays, .dialectRefusalsAreTheirKind, .transportRefusesHostileAnswers:
                true
            }
        }

        /// Whether the promise is about what the adapter declares rather
        /// than what a sign-in answers: the promises an adapter that offers
        /// no password sign-in keeps too.
        public var concernsTheDeclarations: Bool {
            switch self {
            case .declarationsAreConstant, .declarationsAgree, .unlistedMethodsAreRefused, .undeclaredCallsSendNothing,
                .keptSessionWithoutAnIDTokenHasNothingToProve:
                true
            default: false
            }
        }

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .declarationsAreConstant:
                "every declaration stays as it was after sign-ins, a sign-up and a sign-in outside the app"
            case .declarationsAgree: "the declarations agree with each other"
            case .signInByEachDeclaredKindIsThatPerson:
                "a sign-in by each identifier kind declared answers that person's token, which refreshes"
            case .everySignInAnswersANewToken: "every sign-in answers a new token"
            case .wrongPasswordIsInvalidCredentials: "a wrong password is INVALID_CREDENTIALS"
            case .unknownIdentifierIsInvalidCredentials:
                "an identifier no account has, of each kind declared, is INVALID_CREDENTIALS"
            case .inactiveAccountAtSignInIsAsDeclared:
                "an inactive account's sign-in is USER_INACTIVE where told apart, wrong credentials otherwise"
            case .refreshAnswersANewToken: "a refresh answers a new token, and what it leaves refreshes again"
            case .spentCredentialIsAsTheRotationSays: "a spent credential is as refreshRotation says"
            case .unknownCredentialIsInvalid: "a refresh credential the server never issued is TOKEN_INVALID"
            case .identifierInUseIsAlreadyRegistered:
                "a sign-up with an identifier in use is ALREADY_REGISTERED, for each identifier it takes"
            case .malformedSignUpFieldsAreNamed:
                "a sign-up with malformed fields is VALIDATION_FAILED naming some of them and no other"
            case .unlistedMethodsAreRefused:
                "a sign-in method not listed, and beginSignIn(.password), are refused as methodNotOffered"
            case .undeclaredCallsSendNothing:
                "an identifier kind, a method or a sign-up declared absent is refused at once, sending nothing"
            case .keptSessionWithoutAnIDTokenHasNothingToProve:
                "a kept session without an ID token has nothing to prove, and proving it sends nothing"
            case .offeredSignUpReachesTheServer:
                "an offered sign-up reaches the server, ALREADY_REGISTERED for an identifier in use"
            case .signUpAnswersAsOffered:
                "a sign-up answers as the offer says: an account and no session, or a session whose tokens refresh"
            case .registeredAccountSignsIn:
                "a registered account signs in with the password sent, by each identifier its sign-up took"
            case .fieldsNotTakenAreNotJudged: "a field the sign-up does not take is neither sent nor judged"
            case .passwordRuleIsTheBackends:
                "the password rule declared is the backend's: a sign-up takes what it accepts and refuses the rest"
            case .deletedAccountSignsInLikeWrongCredentials:
                "a deleted account's sign-in is refused like wrong credentials"
            case .tokenPastItsLifetimeRefreshes: "a token past its lifetime, inside its refresh window, refreshes"
            case .tokenPastItsRefreshWindowIsAsDeclared:
                "a token past its refresh window is TOKEN_EXPIRED where told apart, TOKEN_INVALID otherwise"
            case .revokedCredentialIsInvalid: "a revoked credential is TOKEN_INVALID"
            case .inactiveAccountAtRefreshIsAsDeclared:
                "a refresh for an inactive account is USER_INACTIVE where told apart, TOKEN_INVALID otherwise"
            case .deletedAccountAtRefreshIsAsDeclared:
                "a refresh for a deleted account is USER_DELETED where told apart, TOKEN_INVALID otherwise"
            case .signOutIsAsOffered: "signOut ends the token where offered, and sends nothing where not"
            case .signOutEndsATokenInsideItsRefreshWindow:
                "signOut ends a token past its lifetime that could still be refreshed"
            case .networkFailuresAreTheServers:
                "a dropped connection is transport, a malformed body malformedResponse, a 500 the server's failure"
            case .everyErrorStatusMapsAsRemoteErrorSays:
                "every error status, whatever its body, maps as RemoteError says on sign-in, refresh and sign-up"
            case .dialectRefusalsAreTheirKind:
                "a throttle, an outage and a server failure in the dialect's own words are what RemoteError says"
            case .transportRefusesHostileAnswers:
                "an answer of 16 MiB and a redirect to another origin fail the call as the server's doing"
            }
        }
    }

    /// Checks `promise` on an adapter from `makeAPI`. A broken promise is
    /// recorded as a test issue; a switch that could not be thrown is thrown.
    public static func check(
        _ promise: Promise, on makeAPI: @Sendable () async throws -> AuthAPIUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeAPI()
        let checks = AuthChecks(auth: sut.api, server: sut.server, sourceLocation: sourceLocation)
        if !promise.concernsTheDeclarations, !sut.api.signInMethods.contains(.password) {
            try checks.doesNotApply(
                "signInMethods lists no .password", proof: .unlistedMethodsAreRefused)
        }
        switch promise {
        case .declarationsAreConstant: try await checks.declarationsAreConstant()
        case .declarationsAgree: checks.declarationsAgree()
        case .signInByEachDeclaredKindIsThatPerson: try await checks.signInByEachDeclaredKindIsThatPerson()
        case .everySignInAnswersANewToken: try await checks.everySignInAnswersANewToken()
        case .wrongPasswordIsInvalidCredentials: try await checks.wrongPasswordIsInvalidCredentials()
        case .unknownIdentifierIsInvalidCredentials: try await checks.unknownIdentifierIsInvalidCredentials()
        case .inactiveAccountAtSignInIsAsDeclared: try await checks.inactiveAccountAtSignInIsAsDeclared()
        case .refreshAnswersANewToken: try await checks.refreshAnswersANewToken()
        case .spentCredentialIsAsTheRotationSays: try await checks.spentCredentialIsAsTheRotationSays()
        case .unknownCredentialIsInvalid: try await checks.unknownCredentialIsInvalid()
        case .identifierInUseIsAlreadyRegistered: try await checks.identifierInUseIsAlreadyRegistered()
        case .malformedSignUpFieldsAreNamed: try await checks.malformedSignUpFieldsAreNamed()
        case .unlistedMethodsAreRefused: await checks.unlistedMethodsAreRefused()
        case .undeclaredCallsSendNothing: try await checks.undeclaredCallsSendNothing()
        case .keptSessionWithoutAnIDTokenHasNothingToProve:
            try await checks.keptSessionWithoutAnIDTokenHasNothingToProve()
        case .offeredSignUpReachesTheServer: try await checks.offeredSignUpReachesTheServer()
        case .signUpAnswersAsOffered: try await checks.signUpAnswersAsOffered()
        case .registeredAccountSignsIn: try await checks.registeredAccountSignsIn()
        case .fieldsNotTakenAreNotJudged: try await checks.fieldsNotTakenAreNotJudged()
        case .passwordRuleIsTheBackends: try await checks.passwordRuleIsTheBackends()
        case .deletedAccountSignsInLikeWrongCredentials: try await checks.deletedAccountSignsInLikeWrongCredentials()
        case .tokenPastItsLifetimeRefreshes: try await checks.tokenPastItsLifetimeRefreshes()
        case .tokenPastItsRefreshWindowIsAsDeclared: try await checks.tokenPastItsRefreshWindowIsAsDeclared()
        case .revokedCredentialIsInvalid: try await checks.revokedCredentialIsInvalid()
        case .inactiveAccountAtRefreshIsAsDeclared: try await checks.accountStateAtRefreshIsAsDeclared(.inactive)
        case .deletedAccountAtRefreshIsAsDeclared: try await checks.accountStateAtRefreshIsAsDeclared(.deleted)
        case .signOutIsAsOffered: try await checks.signOutIsAsOffered()
        case .signOutEndsATokenInsideItsRefreshWindow: try await checks.signOutEndsATokenInsideItsRefreshWindow()
        case .networkFailuresAreTheServers: try await checks.networkFailuresAreTheServers()
        case .everyErrorStatusMapsAsRemoteErrorSays: try await checks.everyErrorStatusMapsAsRemoteErrorSays()
        case .dialectRefusalsAreTheirKind: try await checks.dialectRefusalsAreTheirKind()
        case .transportRefusesHostileAnswers: try await checks.transportRefusesHostileAnswers()
        }
    }
}
