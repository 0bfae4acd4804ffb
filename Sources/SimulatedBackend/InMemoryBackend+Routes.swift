import Foundation
public import Ports

/// The route operations. Each answers one request that `admit(_:)` let
/// through, or throws the `BackendRejection` the contract prescribes.
extension InMemoryBackend {
    // MARK: WireRoute.auth (sign-in, refresh)

    /// Signs in by CPF or e-mail. Wrong or unknown identifier, wrong password,
    /// or a soft-deleted account: 401 `INVALID_CREDENTIALS`; an inactive
    /// account (right password): 403 `USER_INACTIVE`.
    public func signIn(_ credentials: Credentials) throws(BackendRejection) -> AccessToken {
        guard let id = accountID(matching: credentials.identifier), let account = accounts[id],
            account.password == credentials.password, account.state != .deleted
        else { throw .invalidCredentials }
        guard account.state == .active else { throw .userInactive }
        guard account.confirmed else { throw .emailNotConfirmed }
        counters.logins += 1
        return issueToken(for: account.id, family: nil)
    }

    /// Exchanges a token for a new one, until its refresh window closes (even
    /// after its lifetime). Unknown, exchanged or revoked: 401 `TOKEN_INVALID`;
    /// window closed: 401 `TOKEN_EXPIRED`; then 410 `USER_DELETED` or 403
    /// `USER_INACTIVE`. The old token stops serving requests at once (or when
    /// the rotation grace ends) and can never be exchanged again; with reuse
    /// detection on, presenting it again revokes its whole family
    /// (`Configuration.reuseDetection`).
    public func refresh(_ token: AccessToken) throws(BackendRejection) -> AccessToken {
        do {
            let newToken = try exchange(token)
            counters.refreshes += 1
            return newToken
        } catch {
            counters.refreshesRejected += 1
            throw error
        }
    }

    private func exchange(_ token: AccessToken) throws(BackendRejection) -> AccessToken {
        let now = clock.now()
        guard let record = tokens[token.reveal()] else { throw .tokenInvalid }
        guard record.rotatedAt == nil else {
            if configuration.reuseDetection { revokeFamily(of: record) }
            throw .tokenInvalid
        }
        guard now < record.issuedAt.addingTimeInterval(configuration.refreshWindow.timeInterval) else {
            throw .tokenExpired
        }
        guard let account = accounts[record.accountID] else { throw .tokenInvalid }
        try requireUsable(account)
        if configuration.rotationGrace > .zero || configuration.reuseDetection {
            tokens.markRotated(token.reveal(), at: now)
        } else {
            tokens.remove(token.reveal())
        }
        return issueToken(for: account.id, family: record.family)
    }

    /// A spent token came back: whoever holds it and whoever holds its
    /// successor cannot both be the rightful client, so every token of the
    /// sign-in it descends from ends (RFC 9700 §4.14.2). Its records go, so
    /// any of them presented later is `TOKEN_INVALID` like a revoked token,
    /// not counted as reuse a second time.
    private func revokeFamily(of record: BackendTokenRecord) {
        counters.refreshTokensReused += 1
        tokens.removeAll { $0.family == record.family }
    }

    // MARK: WireRoute.signOut

    /// Ends one token, whatever its age or its account's state: a token past
    /// its lifetime but inside its refresh window is ended too (it could still
    /// be exchanged), and so is one rotated but inside its grace. A token the
    /// backend does not know (never issued, already ended, revoked, forgotten):
    /// 401 `TOKEN_INVALID`, as every route that takes a token says — the
    /// token is refused either way, so a client may take it as done.
    public func signOut(_ token: AccessToken) throws(BackendRejection) {
        // An exchanged token kept only for reuse detection is no session to end.
        if let rotatedAt = tokens[token.reveal()]?.rotatedAt,
            clock.now() >= rotatedAt.addingTimeInterval(configuration.rotationGrace.timeInterval)
        {
            throw .tokenInvalid
        }
        guard tokens.remove(token.reveal()) != nil else { throw .tokenInvalid }
    }

    // MARK: WireRoute.register

    /// Creates an active account and returns its id; never a token. Only the
    /// fields in `judging` are checked and kept (a backend whose sign-up
    /// takes an e-mail and a password keeps no name and no CPF); malformed
    /// ones: 400 `VALIDATION_FAILED` naming each; CPF or e-mail in use: 409
    /// `ALREADY_REGISTERED`; as many accounts as `configuration.mostAccounts`
    /// already: 503 without a code.
    public func register(
        _ registration: Registration, judging judged: Set<RegistrationField> = .everyField,
        awaitingConfirmation: Bool = false
    ) throws(BackendRejection) -> String {
        var registration = registration
        if !judged.contains(.name) { registration.name = "" }
        if !judged.contains(.cpf) { registration.cpf = "" }
        if !judged.contains(.email) { registration.email = "" }
        var fields: [String: String] = [:]
        if judged.contains(.name) { fields["name"] = BackendFieldRules.nameProblem(registration.name) }
        if judged.contains(.email) { fields["email"] = BackendFieldRules.emailProblem(registration.email) }
        if judged.contains(.cpf) { fields["cpf"] = BackendFieldRules.cpfProblem(registration.cpf) }
        if judged.contains(.password) {
            fields["password"] = BackendFieldRules.passwordProblem(
                registration.password.reveal(), rule: configuration.passwordRule)
        }
        guard fields.isEmpty else { throw .validationFailed(fields) }
        guard registration.cpf.isEmpty || accountID(matching: .cpf(registration.cpf)) == nil,
            registration.email.isEmpty || accountID(matching: .email(registration.email)) == nil
        else { throw .alreadyRegistered }
        guard accounts.count < configuration.mostAccounts else {
            throw .accountLimitReached(configuration.mostAccounts)
        }

        let name = registration.name.trimmingWhitespace
        let account = BackendAccount(
            id: UUID().uuidString.lowercased(), name: name, email: registration.email.trimmingWhitespace,
            cpf: registration.cpf, password: registration.password, state: .active, relatedIDs: [],
            statement: BackendSeed.statementForNewAccount(name: name, cpf: registration.cpf))
        var made = account
        made.confirmed = !awaitingConfirmation
        accounts[made.id] = made
        accountOrder.append(made.id)
        return made.id
    }

    // MARK: The user routes (WireRoute.currentUser … .saveSharedWith)

    /// The token's user.
    public func currentUser(token: AccessToken) throws(BackendRejection) -> UserProfile {
        try authorize(token).profile
    }

    /// Changes the given fields only. Malformed: 400 `VALIDATION_FAILED`;
    /// an e-mail another account uses: 409 `ALREADY_REGISTERED`.
    public func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) throws(BackendRejection)
        -> UserProfile
    {
        var account = try authorize(token)
        var fields: [String: String] = [:]
        if let name = changes.name { fields["name"] = BackendFieldRules.nameProblem(name) }
        if let email = changes.email { fields["email"] = BackendFieldRules.emailProblem(email) }
        guard fields.isEmpty else { throw .validationFailed(fields) }
        if let email = changes.email,
            let owner = accountID(matching: .email(email)), owner != account.id
        {
            throw .emailTaken
        }
        if let name = changes.name { account.name = name.trimmingWhitespace }
        if let email = changes.email { account.email = email.trimmingWhitespace }
        accounts[account.id] = account
        return account.profile
    }

    /// Removes the account: its tokens are revoked, its credentials refused,
    /// and it leaves every related-users list.
    public func deleteCurrentUser(token: AccessToken) throws(BackendRejection) {
        let account = try authorize(token)
        accounts.removeValue(forKey: account.id)
        accountOrder.removeAll { $0 == account.id }
        tokens.removeAll { $0.accountID == account.id }
        for id in accountOrder {
            accounts[id]?.relatedIDs.removeAll { $0 == account.id }
            accounts[id]?.sharedIDs.remove(account.id)
        }
    }

    /// The users related to the token's user (soft-deleted ones left out),
    /// each marked shared or not as last saved.
    public func relatedUsers(token: AccessToken) throws(BackendRejection) -> [RelatedUser] {
        related(to: try authorize(token))
    }

    /// Shares with exactly the related users in `ids`. An id that is not a
    /// listed related user: 400 `VALIDATION_FAILED` on `shared`, nothing changed.
    public func saveSharedWith(_ ids: Set<String>, token: AccessToken) throws(BackendRejection) -> [RelatedUser] {
        var account = try authorize(token)
        let listed = Set(related(to: account).map(\.id))
        guard ids.isSubset(of: listed) else {
            throw .validationFailed(["shared": "Only related users can be shared with."])
        }
        account.sharedIDs = ids
        accounts[account.id] = account
        return related(to: account)
    }

    private func related(to account: BackendAccount) -> [RelatedUser] {
        account.relatedIDs.compactMap { id in
            guard let related = accounts[id], related.state != .deleted else { return nil }
            return RelatedUser(
                id: related.id, name: related.name, email: related.email,
                isShared: account.sharedIDs.contains(related.id))
        }
    }

    // MARK: WireRoute.statementList, .statementDetails

    /// The token's user's statement: sections by day, newest first, items
    /// newest first within a day.
    public func statement(token: AccessToken) throws(BackendRejection) -> Statement {
        let entries = try authorize(token).statement
        let days = Set(entries.map(\.day)).sorted(by: >)
        let sections = days.map { day in
            StatementSection(
                date: day,
                items: entries.filter { $0.day == day }.map(\.item).sorted { $0.dateEvent > $1.dateEvent })
        }
        return Statement(sections: sections, itemsTotal: entries.count)
    }

    /// The details of one of the token's user's entries; any other id
    /// (another user's included): 404 `NOT_FOUND`.
    public func entryDetails(id: String, token: AccessToken) throws(BackendRejection) -> StatementEntryDetails {
        guard let entry = try authorize(token).statement.first(where: { $0.item.id == id }) else {
            throw .notFound
        }
        return entry.details
    }

    // MARK: WireRoute.health

    /// What the health route says: 200 healthy or 503 unhealthy.
    public func health() -> ServerHealth {
        healthy ? .healthy : .unhealthy
    }

    // MARK: - Tokens

    /// The account a token serves. Unknown, revoked or exchanged (after the
    /// grace): 401 `TOKEN_INVALID`; past its lifetime: 401 `TOKEN_EXPIRED`;
    /// then the account's state.
    private func authorize(_ token: AccessToken) throws(BackendRejection) -> BackendAccount {
        let now = clock.now()
        guard let record = tokens[token.reveal()] else { throw .tokenInvalid }
        if let rotatedAt = record.rotatedAt,
            now >= rotatedAt.addingTimeInterval(configuration.rotationGrace.timeInterval)
        {
            throw .tokenInvalid
        }
        guard servesRequests(record, at: now) else { throw .tokenExpired }
        guard let account = accounts[record.accountID] else { throw .tokenInvalid }
        try requireUsable(account)
        return account
    }

    func requireUsable(_ account: BackendAccount) throws(BackendRejection) {
        switch account.state {
        case .active: return
        case .inactive: throw .userInactive
        case .deleted: throw .userDeleted
        }
    }

    /// Issues a token for `accountID`: of `family` (a refresh), or the first
    /// of a new family (`nil`: a sign-in).
    func issueToken(for accountID: String, family: UInt64?) -> AccessToken {
        let now = clock.now()
        pruneTokens(at: now)
        forgetOldestTokens(keeping: configuration.mostTokens - 1)
        var generator = SystemRandomNumberGenerator()
        var raw = ""
        repeat {
            raw = (0..<4).map { _ in Self.hex16(generator.next()) }.joined()
        } while tokens[raw] != nil
        tokens.insert(
            BackendTokenRecord(
                accountID: accountID, issuedAt: now, rotatedAt: nil, serial: nextTokenSerial,
                family: family ?? nextTokenSerial),
            for: raw)
        nextTokenSerial += 1
        rememberIssued(AccessToken(raw))
        return AccessToken(raw)
    }

    /// Forgets the earliest issued records until at most `limit` are left, so
    /// that clients signing in again and again cannot grow the table without
    /// bound. A forgotten token answers `TOKEN_INVALID`.
    private func forgetOldestTokens(keeping limit: Int) {
        tokens.forgetOldest(keeping: limit)
    }

    /// Adds a token to those a leak check looks for, keeping the latest
    /// `configuration.mostRememberedTokens`.
    private func rememberIssued(_ token: AccessToken) {
        issuedTokens.append(token)
        let excess = issuedTokens.count - max(configuration.mostRememberedTokens, 0)
        if excess > 0 { issuedTokens.removeFirst(excess) }
    }

    /// Drops records that can only ever answer `TOKEN_INVALID` — the same as
    /// no record — and those long past their refresh window. With reuse
    /// detection an exchanged token still has something to say (that it was
    /// spent), so it is kept like any other until its issue is that old, or
    /// until the table's bound forgets it.
    private func pruneTokens(at now: Date) {
        let keepFor = configuration.refreshWindow.timeInterval + Self.expiredTokenRetention
        tokens.forget(
            rotatedBefore: configuration.reuseDetection
                ? .distantPast : now.addingTimeInterval(-configuration.rotationGrace.timeInterval),
            issuedBefore: now.addingTimeInterval(-keepFor))
    }

    private static func hex16(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}

extension InMemoryBackend {
    /// Confirms the account `identifier` names, as the person's click on the
    /// link a sign-up to confirm sent does; an account already confirmed
    /// stays so. No such account: 404 `NOT_FOUND`.
    public func confirmAccount(_ identifier: LoginIdentifier) throws(BackendRejection) {
        guard let id = accountID(matching: identifier), accounts[id] != nil else { throw .notFound }
        accounts[id]?.confirmed = true
    }
}
