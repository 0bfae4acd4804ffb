import Foundation
import Ports
import Testing

/// The checks of `AuthRemoteAPIContract` that throw a switch of the server
/// or count its requests.
extension AuthChecks {
    func undeclaredCallsSendNothing() async throws {
        let sentBefore = try await server.requestCount()
        for kind in IdentifierKind.allCases where !kind.isDeclared(by: auth) && auth.signInMethods.contains(.password) {
            let credentials = Credentials(identifier: kind.unknown, password: Password("123456"))
            expect(
                await signInRefusal(credentials), is: .signInRefused(.identifierKindNotAccepted),
                "an identifier of a kind not declared (\(kind.declaration) false)")
        }
        await unlistedMethodsAreRefused()
        if !auth.registrationOffer.isOffered {
            expect(
                await signUpRefusal(server.newRegistration()), is: .rejected(status: 404, code: .notFound),
                "a sign-up where registrationOffer is .none")
        }
        #expect(
            try await server.requestCount() == sentBefore, "a call declared absent sent a request",
            sourceLocation: sourceLocation)
    }

    func keptSessionWithoutAnIDTokenHasNothingToProve() async throws {
        let sentBefore = try await server.requestCount()
        let kept = SessionToken(
            token: AccessToken("a-kept-access-token"), issuedAt: Date(timeIntervalSince1970: 0),
            expiresAt: Date(timeIntervalSince1970: 300), refreshToken: RefreshToken("a-kept-refresh-token"))
        let proof = try await auth.proveKeptSignIn(kept)
        #expect(
            proof == .nothingToProve, "a session without an ID token proved as \(proof)", sourceLocation: sourceLocation
        )
        #expect(
            try await server.requestCount() == sentBefore, "proving a session without an ID token sent a request",
            sourceLocation: sourceLocation)
    }

    func deletedAccountSignsInLikeWrongCredentials() async throws {
        let credentials = try firstPersonsCredentials()
        try await server.withAccount(.first, in: .deleted) {
            expectInvalidCredentials(await signInRefusal(credentials), "a deleted account")
        }
    }

    func tokenPastItsLifetimeRefreshes() async throws {
        let old = try await signInTheFirstPerson()
        try await server.expireIssuedTokens()
        let new = try await auth.refresh(RefreshCredential(issued: old))
        #expect(new.accessToken != old.accessToken, sourceLocation: sourceLocation)
        _ = try await auth.refresh(RefreshCredential(issued: new, keeping: old))
    }

    func tokenPastItsRefreshWindowIsAsDeclared() async throws {
        let old = try await signInTheFirstPerson()
        try await server.passRefreshWindow()
        let toldApart = auth.refusalsToldApart.contains(.expiryAtRefresh)
        expect(
            await refreshRefusal(RefreshCredential(issued: old), of: old),
            is: .rejected(status: 401, code: toldApart ? .tokenExpired : .tokenInvalid),
            "a token past its refresh window, expiry \(toldApart ? "" : "not ")told apart")
    }

    func revokedCredentialIsInvalid() async throws {
        let issued = try await signInTheFirstPerson()
        try await server.revokeAllTokens()
        expect(
            await refreshRefusal(RefreshCredential(issued: issued), of: issued),
            is: .rejected(status: 401, code: .tokenInvalid), "a revoked credential")
    }

    func accountStateAtRefreshIsAsDeclared(_ state: RemoteAccountSwitch) async throws {
        let issued = try await signInTheFirstPerson()
        let toldApart = auth.refusalsToldApart.contains(.accountStateAtRefresh)
        let expected: RemoteError =
            !toldApart
            ? .rejected(status: 401, code: .tokenInvalid)
            : state == .inactive
                ? .rejected(status: 403, code: .userInactive) : .rejected(status: 410, code: .userDeleted)
        try await server.withAccount(.first, in: state) {
            expect(
                await refreshRefusal(RefreshCredential(issued: issued), of: issued), is: expected,
                "a refresh for an account \(state), account state \(toldApart ? "" : "not ")told apart")
        }
    }

    func signOutIsAsOffered() async throws {
        let issued = try await signInTheFirstPerson()
        let sentBefore = try await server.requestCount()
        try await auth.signOut(.signedIn(with: issued))
        guard auth.offersSignOut else {
            #expect(
                try await server.requestCount() == sentBefore, "signOut sent a request where offersSignOut is false",
                sourceLocation: sourceLocation)
            _ = try await auth.refresh(RefreshCredential(issued: issued))
            return
        }
        expect(
            await refreshRefusal(RefreshCredential(issued: issued), of: issued),
            is: .rejected(status: 401, code: .tokenInvalid), "a token signed out")
        // A token already ended is ended either way.
        try await auth.signOut(.signedIn(with: issued))
    }

    func signOutEndsATokenInsideItsRefreshWindow() async throws {
        if !auth.offersSignOut { try doesNotApply("offersSignOut false", proof: .signOutIsAsOffered) }
        let issued = try await signInTheFirstPerson()
        try await server.expireIssuedTokens()
        try await auth.signOut(.signedIn(with: issued))
        expect(
            await refreshRefusal(RefreshCredential(issued: issued), of: issued),
            is: .rejected(status: 401, code: .tokenInvalid), "a token past its lifetime, signed out")
    }

    /// The calls a check fails on purpose, each made as the contract's
    /// checks make it: a sign-in of the first person, a refresh of `issued`,
    /// a sign-up where one is offered (none otherwise: it sends nothing).
    private func failingCalls(refreshing issued: IssuedTokens) throws -> [(AuthCall, [SecretSent], AuthAttempt)] {
        let credentials = try firstPersonsCredentials()
        let registration = server.newRegistration()
        var calls: [(AuthCall, [SecretSent], AuthAttempt)] = [
            (
                .signIn, Self.secrets(credentials),
                { () async throws(RemoteError) in _ = try await auth.signIn(credentials) }
            ),
            (
                .refresh, Self.secrets(nil, issued),
                { () async throws(RemoteError) in _ = try await auth.refresh(RefreshCredential(issued: issued)) }
            ),
        ]
        if auth.registrationOffer.isOffered {
            calls.append(
                (
                    .register, Self.secrets(nil, nil, registration),
                    { () async throws(RemoteError) in _ = try await auth.register(registration) }
                ))
        }
        return calls
    }

    func networkFailuresAreTheServers() async throws {
        let issued = try await signInTheFirstPerson()
        for (call, secrets, attempt) in try failingCalls(refreshing: issued) {
            for failure in RemoteCallVerdicts.infrastructureFailures {
                try await server.failNextCall(call, failure)
                let error = await verdicts.refusal(saying: secrets, attempt)
                verdicts.expectInfrastructureFailure(error, for: failure, "\(call)")
            }
        }
    }

    func dialectRefusalsAreTheirKind() async throws {
        let issued = try await signInTheFirstPerson()
        for (call, secrets, attempt) in try failingCalls(refreshing: issued) {
            for refusal in DialectRefusal.allCases {
                try await server.failNextCall(call, .refusal(refusal))
                let error = await verdicts.refusal(saying: secrets, attempt)
                verdicts.expect(error, toBe: refusal, "\(call)")
            }
        }
    }

    func transportRefusesHostileAnswers() async throws {
        // A fresh session for each fault: a request served before its answer
        // was refused may have spent the refresh token it carried.
        for fault in TransportFault.allCases {
            let issued = try await signInTheFirstPerson()
            for (call, secrets, attempt) in try failingCalls(refreshing: issued) {
                do {
                    try await server.failNextCall(call, .transport(fault))
                } catch is NoWire {
                    try doesNotApply("no wire (its server's control throws NoWire)", proof: nil)
                }
                let error = await verdicts.outcome(saying: secrets, attempt)
                verdicts.expect(error, toBe: fault, "\(call)")
            }
        }
    }

    func everyErrorStatusMapsAsRemoteErrorSays() async throws {
        let issued = try await signInTheFirstPerson()
        let calls = try failingCalls(refreshing: issued)
        for status in errorStatusesOnTheWire {
            for body in ErrorAnswerBody.allCases {
                for (call, secrets, attempt) in calls {
                    try await server.failNextCall(call, .status(status, body: body))
                    let error = await verdicts.refusal(saying: secrets, attempt)
                    if let error { verdicts.expectMapped(error, answering: status, body: body, "\(call)") }
                }
            }
        }
    }
}

/// One call of the port, made for its error.
typealias AuthAttempt = () async throws(RemoteError) -> Void

extension SessionToken {
    /// The token half of a session signed in with `issued`, its refresh
    /// token included, as the app keeps it: its dates do not matter to the
    /// server.
    static func signedIn(with issued: IssuedTokens) -> SessionToken {
        SessionToken(
            token: issued.accessToken, issuedAt: Date(timeIntervalSince1970: 0), expiresAt: .distantFuture,
            refreshToken: issued.refreshToken)
    }
}
