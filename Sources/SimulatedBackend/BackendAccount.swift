import Foundation
import Ports

/// One account of the simulated backend, with its statement.
struct BackendAccount: Sendable {
    let id: String
    var name: String
    var email: String
    let cpf: String
    let password: Password
    var state: InMemoryBackend.AccountState
    /// False for an account a sign-up made to be confirmed, until
    /// `confirmAccount` (the person's click on the link).
    var confirmed = true
    var relatedIDs: [String]
    /// The related users this one chose to share with (`WireRoute.saveSharedWith`).
    var sharedIDs: Set<String> = []
    var statement: [BackendStatementEntry]

    var profile: UserProfile {
        UserProfile(
            id: id, name: name, email: email, cpf: cpf,
            active: state == .active, isDeleted: state == .deleted)
    }

    func matches(_ identifier: LoginIdentifier) -> Bool {
        switch identifier {
        // An account made by an e-mail-only sign-up keeps no CPF: none matches it.
        case .cpf(let cpf): return !self.cpf.isEmpty && cpf.trimmingWhitespace == self.cpf
        case .email(let email): return !self.email.isEmpty && Self.sameEmail(email, self.email)
        }
    }

    static func sameEmail(_ lhs: String, _ rhs: String) -> Bool {
        lhs.trimmingWhitespace.lowercased() == rhs.trimmingWhitespace.lowercased()
    }
}

/// A statement line and its details, which always agree on id, amount,
/// description and date; `day` is the `YYYY-MM-DD` section it is listed under.
struct BackendStatementEntry: Sendable {
    let day: String
    let item: StatementItem
    let details: StatementEntryDetails
}

/// A live token's record. Revoked tokens are removed; exchanged ones keep a
/// record only while the rotation grace lets them serve requests — or, with
/// reuse detection on, until the sweeps forget them with unexchanged ones, so
/// that presenting one again is recognised as reuse.
struct BackendTokenRecord: Sendable {
    let accountID: String
    let issuedAt: Date
    var rotatedAt: Date?
    /// Issue order (dates can tie on a manual clock): the oldest is forgotten first.
    let serial: UInt64
    /// The sign-in this token descends from through refreshes (the serial of
    /// that sign-in's token): what reuse detection revokes as one.
    let family: UInt64
}
