import DomainCore
import Ports
import Testing

/// The decision table of docs/spec/root-screen-and-bootstrap.md §3 as a pure
/// function, row by row.
@Suite("Bootstrap decision table")
struct BootstrapDecisionTests {
    private static let maria = UserProfile(
        id: "1", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909", active: true, isDeleted: false)

    /// A check of each kind the table knows, with the row that decides it.
    private static let checksByRow: [(StoredSessionCheck, BootstrapRow?)] = {
        var inactive = maria
        inactive.active = false
        var deleted = maria
        deleted.isDeleted = true
        return [
            (.user(maria), .userConfirmed),
            (.failed(.sessionEnded(.tokenInvalid)), .sessionRefused),
            (.failed(.sessionEnded(.tokenExpired)), .sessionRefused),
            (.failed(.sessionEnded(.userDeleted)), .sessionRefused),
            (.failed(.sessionEnded(.userInactive)), .userInactive),
            (.user(inactive), .userInactive),
            (.user(deleted), .userMarkedDeleted),
            (.failed(.remote(.timeout)), .checkFailed),
            (.failed(.remote(.rejected(status: 503, code: nil))), .checkFailed),
            (.keptSignInUnproved, .keptSignInUnproved),
            (.keptWhileAnotherWindowBusy(maria), nil),
            (.failed(.refreshLimitReached), nil),
            (.failed(.sessionBusyElsewhere), nil),
            (.failed(.notSignedIn), nil),
        ]
    }()

    @Test("The launch event names the row that decided: each check its row, and every row reached by some check")
    func rowDecidingEachCheck() {
        for (check, row) in Self.checksByRow {
            #expect(BootstrapDecision.row(deciding: check) == row, "\(check)")
        }
        let reached = Set(Self.checksByRow.compactMap { BootstrapDecision.row(deciding: $0.0) })
        #expect(reached == Set(BootstrapRow.allCases))
        #expect(BootstrapRow.allCases.map(\.number) == [1, 2, 3, 4, 5, 7], "row 6 decides nothing by itself")
    }

    @Test("Row 1: 200, active and not deleted → tokens kept, user and sync stamp saved, authenticated")
    func activeUserIsAuthenticated() {
        let decision = BootstrapDecision.decide(.user(Self.maria))
        #expect(
            decision
                == BootstrapDecision(tokens: .keep, localData: .save(Self.maria), state: .authenticated(Self.maria)))
    }

    @Test(
        "Row 2: TOKEN_INVALID, TOKEN_EXPIRED (refresh also refused), USER_DELETED → cleared, wiped, unauthenticated(reason)",
        arguments: [SignedOutReason.tokenInvalid, .tokenExpired, .userDeleted])
    func refusedSessionIsWiped(reason: SignedOutReason) {
        let decision = BootstrapDecision.decide(.failed(.sessionEnded(reason)))
        #expect(decision == BootstrapDecision(tokens: .clear, localData: .wipe, state: .unauthenticated(reason)))
    }

    @Test("Row 3: USER_INACTIVE → cleared, wiped, unauthenticated(inactive)")
    func inactiveAccountIsWiped() {
        let decision = BootstrapDecision.decide(.failed(.sessionEnded(.userInactive)))
        #expect(decision == BootstrapDecision(tokens: .clear, localData: .wipe, state: .unauthenticated(.userInactive)))
    }

    @Test("Row 3: a 200 with active == false counts as USER_INACTIVE")
    func inactiveFlagIsInactive() {
        var user = Self.maria
        user.active = false
        let decision = BootstrapDecision.decide(.user(user))
        #expect(decision == BootstrapDecision(tokens: .clear, localData: .wipe, state: .unauthenticated(.userInactive)))
    }

    @Test(
        "Row 7: a kept ID token not proved the provider's for this user → cleared, wiped, unauthenticated(storedSignInUnproved)"
    )
    func unprovedKeptSignInIsWiped() {
        let decision = BootstrapDecision.decide(.keptSignInUnproved)
        #expect(
            decision
                == BootstrapDecision(tokens: .clear, localData: .wipe, state: .unauthenticated(.storedSignInUnproved)))
    }

    @Test("Row 4: is_deleted == true → cleared, wiped, unauthenticated(deleted)")
    func deletedFlagIsDeleted() {
        var user = Self.maria
        user.isDeleted = true
        let decision = BootstrapDecision.decide(.user(user))
        #expect(decision == BootstrapDecision(tokens: .clear, localData: .wipe, state: .unauthenticated(.userDeleted)))
    }

    @Test(
        "Row 5: network error, timeout, 5xx, malformed body → cleared, local data preserved, sessionExpired",
        arguments: [
            (RemoteError.transport("connection refused"), SessionExpiredReason.network),
            (.timeout, .timedOut),
            (.rejected(status: 500, code: nil), .server),
            (.rejected(status: 503, code: nil), .server),
            (.malformedResponse("not JSON"), .server),
        ])
    func infrastructureFailureExpiresSession(error: RemoteError, reason: SessionExpiredReason) {
        let decision = BootstrapDecision.decide(.failed(.remote(error)))
        #expect(decision == BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(reason)))
    }

    @Test("The refresh cap at launch expires the session and keeps the data")
    func refreshCapExpiresSession() {
        let decision = BootstrapDecision.decide(.failed(.refreshLimitReached))
        #expect(
            decision == BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(.refreshLimit)))
    }

    @Test(
        "Another window holds the session while the launch needed a refresh, a profile kept: open on it, tokens kept, nothing written"
    )
    func keptWhileAnotherWindowBusyOpensUntouched() {
        let decision = BootstrapDecision.decide(.keptWhileAnotherWindowBusy(.maria))
        #expect(decision == BootstrapDecision(tokens: .keep, localData: .untouched, state: .authenticated(.maria)))
    }

    @Test("Another process holds the session at launch: the session expires here, the store left to it")
    func busyElsewhereExpiresHere() {
        let decision = BootstrapDecision.decide(.failed(.sessionBusyElsewhere))
        #expect(
            decision == BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(.busyElsewhere)))
    }
}
