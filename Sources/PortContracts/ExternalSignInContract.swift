public import Ports
public import Testing

/// An `AuthRemoteAPI` that offers a sign-in outside the app (`.browser` or
/// `.device` in `signInMethods`), handed to `ExternalSignInContract`, with
/// the person where the backend (or its stand-in) can play them.
public struct ExternalSignInUnderTest: Sendable {
    /// The adapter under test.
    public let api: any AuthRemoteAPI
    /// Plays the person signing in with `credentials` in the browser or on
    /// the device page, for the attempt under way; nil where nobody can be
    /// played (a real provider's pages), and the promises that need the
    /// person check what they can without.
    public let personSignsIn: (@Sendable () async throws -> Void)?

    /// Makes an adapter under test of `api`, with the person if they can be played.
    public init(api: any AuthRemoteAPI, personSignsIn: (@Sendable () async throws -> Void)? = nil) {
        self.api = api
        self.personSignsIn = personSignsIn
    }
}

/// The contract of a sign-in outside the app (`AuthRemoteAPI.beginSignIn`
/// and `ExternalSignInAttempt`'s doc comments), one promise per case of
/// `Promise`, checked on adapters that offer the browser or the device
/// flow. A promise about a method the adapter does not list does not apply
/// there: the check says so with a warning and ends. An adapter that offers
/// the password only keeps `AuthRemoteAPIContract`'s promises about its
/// methods instead.
public enum ExternalSignInContract {
    /// One promise, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The methods are never empty, never change, and list the browser or the device flow.
        case methodsAreListedAndConstant
        /// `signsInByCPF` and `signsInByEmail` are both false exactly when `.password` is not listed.
        case identifierKindsFollowThePassword
        /// `beginSignIn(.password)` and a method not listed are refused as methodNotOffered.
        case unlistedMethodsAreRefused
        /// After `end()`, `awaitPerson` and `poll` throw cancelled, and ending twice is harmless.
        case endedAttemptRefusesEverything
        /// `end()` ends a wait for the person under way as cancelled.
        case endStopsAWait
        /// Cancelling the waiting task ends a browser wait as cancelled.
        case cancellingTheWaitingTaskStopsIt
        /// An attempt's description carries neither its one-time values nor a token it got.
        case descriptionsCarryNoSecret
        /// A device attempt shows a code, an address the browser may open and a lifetime.
        case deviceInstructionsAreComplete
        /// A browser attempt asks to open an address the browser may open.
        case browserInstructionsAreOpenable

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .methodsAreListedAndConstant:
                "the methods are never empty, never change, and list the browser or the device flow"
            case .identifierKindsFollowThePassword:
                "signsInByCPF and signsInByEmail are both false exactly when .password is not listed"
            case .unlistedMethodsAreRefused:
                "beginSignIn(.password) and any method not listed are refused as methodNotOffered"
            case .endedAttemptRefusesEverything:
                "after end(), awaitPerson and poll throw cancelled, and ending twice is harmless"
            case .endStopsAWait: "end() ends a wait for the person under way as cancelled"
            case .cancellingTheWaitingTaskStopsIt: "cancelling the waiting task ends a browser wait as cancelled"
            case .descriptionsCarryNoSecret:
                "an attempt's description carries neither its state, nonce or code challenge nor a token it got"
            case .deviceInstructionsAreComplete:
                "a device attempt shows a code, an address the browser may open and a lifetime"
            case .browserInstructionsAreOpenable: "a browser attempt asks to open an address the browser may open"
            }
        }

        /// The method the promise is about; nil for every method offered.
        var method: SignInMethod? {
            switch self {
            case .cancellingTheWaitingTaskStopsIt, .browserInstructionsAreOpenable: .browser
            case .deviceInstructionsAreComplete: .device
            default: nil
            }
        }
    }

    /// Checks `promise` on an adapter from `makeAPI`. A broken promise is
    /// recorded as a test issue.
    public static func check(
        _ promise: Promise, on makeAPI: @Sendable () async throws -> ExternalSignInUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeAPI()
        if let method = promise.method, !sut.api.signInMethods.contains(method) {
            let comment: Comment =
                "does not apply: the adapter does not list .\(method) (signInMethods \(sut.api.signInMethods))"
            Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
            try Test.cancel(comment, sourceLocation: sourceLocation)
        }
        let checks = ExternalSignInChecks(sut: sut, sourceLocation: sourceLocation)
        switch promise {
        case .methodsAreListedAndConstant: try await checks.methodsAreListedAndConstant()
        case .identifierKindsFollowThePassword: checks.identifierKindsFollowThePassword()
        case .unlistedMethodsAreRefused:
            await SignInMethodChecks(auth: sut.api, sourceLocation: sourceLocation).unlistedMethodsAreRefused()
        case .endedAttemptRefusesEverything: try await checks.endedAttemptRefusesEverything()
        case .endStopsAWait: try await checks.endStopsAWait()
        case .cancellingTheWaitingTaskStopsIt: try await checks.cancellingTheWaitingTaskStopsIt()
        case .descriptionsCarryNoSecret: try await checks.descriptionsCarryNoSecret()
        case .deviceInstructionsAreComplete: try await checks.deviceInstructionsAreComplete()
        case .browserInstructionsAreOpenable: try await checks.browserInstructionsAreOpenable()
        }
    }
}
