import Foundation
import Ports

/// A backend double for domain tests, scripted per test: which tokens it
/// accepts, how refresh and `/users/me` answer, and gates that hold a call
/// open until the test releases it. Every wait is on a continuation: nothing
/// here sleeps or polls.
actor ScriptedServer {
    enum RefreshBehaviour {
        /// Issue a new token and stop accepting the old one.
        case rotate
        /// Answer with this error (a refusal, or a network failure).
        case fail(RemoteError)
    }

    enum UserBehaviour {
        case answer(UserProfile)
        case fail(RemoteError)
    }

    /// Tokens that serve requests.
    private(set) var acceptedTokens: Set<String> = []
    /// Tokens that can still be exchanged for a new one (issued, not yet
    /// exchanged or revoked) — a token may have expired for requests and
    /// still be refreshable, as on the Cora backend.
    private(set) var refreshableTokens: Set<String> = []
    private(set) var refreshedTokens: [String] = []
    /// Refreshes whose caller was cancelled while held: dropped unanswered,
    /// as a transport drops the request of a caller that went away.
    private(set) var cancelledRefreshes = 0
    private(set) var signIns = 0
    private(set) var registrations: [Registration] = []
    /// The token each user-route call carried, in arrival order.
    private(set) var userCallTokens: [String] = []
    private(set) var signedOutTokens: [String] = []

    var refreshBehaviour: RefreshBehaviour = .rotate
    var userBehaviour: UserBehaviour = .answer(.maria)
    var signInBehaviour: Result<Void, RemoteError> = .success(())
    var registerBehaviour: Result<Void, RemoteError> = .success(())
    /// When true, every token stops being accepted right after one use
    /// (a misbehaving server, for the refresh cap).
    var acceptEachTokenOnce = false
    /// When true the server behaves as an OAuth 2.0 server with rotation and
    /// reuse protection: every sign-in and refresh issues a refresh token
    /// (`refresh-N`) beside the access token, a refresh takes only a live
    /// refresh token and spends it, and a spent one sent again revokes every
    /// token (the family).
    private(set) var issuesRefreshTokens = false
    /// The lifetime stated beside each token issued (`expires_in`), if any.
    private(set) var statedLifetime: Duration?
    /// Refresh tokens that can still be exchanged once.
    private(set) var liveRefreshTokens: Set<String> = []
    /// Refresh tokens already exchanged: sending one again is a replay.
    private(set) var spentRefreshTokens: Set<String> = []
    /// How many times a spent refresh token was sent again.
    private(set) var replayedRefreshTokens = 0

    private var issued = 0
    /// Refreshes held at the server; a caller that goes away (cancelled) is
    /// let go at once, as a transport drops a request whose caller left.
    private var heldRefreshes: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var lastHeldRefresh = 0
    private var refreshesToHold = 0
    private var heldUserCalls: [CheckedContinuation<Void, Never>] = []
    private var userCallsToHold = 0
    /// What `GET /challenge/list` answers (after checking the token).
    var statementBehaviour: Result<Statement, RemoteError> = .success(.sample)
    /// The token each statement call carried, in arrival order.
    private(set) var statementCallTokens: [String] = []
    private var heldStatementCalls: [CheckedContinuation<Void, Never>] = []
    private var statementCallsToHold = 0
    private var countWaiters: [(count: @Sendable (isolated ScriptedServer) -> Bool, CheckedContinuation<Void, Never>)] =
        []

    func set(refresh behaviour: RefreshBehaviour) { refreshBehaviour = behaviour }
    func setIssuesRefreshTokens(_ on: Bool, statedLifetime: Duration? = nil) {
        issuesRefreshTokens = on
        self.statedLifetime = statedLifetime
    }
    func set(user behaviour: UserBehaviour) { userBehaviour = behaviour }
    func set(signIn behaviour: Result<Void, RemoteError>) { signInBehaviour = behaviour }
    func set(register behaviour: Result<Void, RemoteError>) { registerBehaviour = behaviour }
    func setAcceptEachTokenOnce(_ on: Bool) { acceptEachTokenOnce = on }
    func set(statement behaviour: Result<Statement, RemoteError>) { statementBehaviour = behaviour }

    /// The next `count` statement calls wait at the server until `releaseStatementCalls()`.
    func holdStatementCalls(_ count: Int) { statementCallsToHold = count }

    func releaseStatementCalls() {
        statementCallsToHold = 0
        let held = heldStatementCalls
        heldStatementCalls = []
        held.forEach { $0.resume() }
    }

    var heldStatementCallCount: Int { heldStatementCalls.count }

    /// The statement routes: checks the token, then answers as scripted.
    func statementCall(token: AccessToken) async throws(RemoteError) -> Statement {
        statementCallTokens.append(token.reveal())
        changed()
        if statementCallsToHold > 0 {
            statementCallsToHold -= 1
            await withCheckedContinuation {
                heldStatementCalls.append($0)
                changed()
            }
        }
        guard acceptedTokens.contains(token.reveal()) else {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
        return try statementBehaviour.get()
    }

    /// Issues a token the server accepts, as a sign-in would, without counting one.
    func issueToken() -> AccessToken {
        issued += 1
        let token = "token-\(issued)"
        acceptedTokens.insert(token)
        refreshableTokens.insert(token)
        return AccessToken(token)
    }

    /// The server forgets every token (a restart that lost its sessions).
    func revokeAll() {
        acceptedTokens.removeAll()
        refreshableTokens.removeAll()
        liveRefreshTokens.removeAll()
    }

    /// The token stops serving requests but can still be refreshed (its lifetime ended).
    func expire(_ token: AccessToken) { acceptedTokens.remove(token.reveal()) }

    // MARK: Gates

    /// The next `count` refreshes wait at the server until `releaseRefreshes()`.
    func holdRefreshes(_ count: Int = 1) { refreshesToHold = count }

    func releaseRefreshes() {
        refreshesToHold = 0
        let held = heldRefreshes
        heldRefreshes = []
        held.forEach { $0.continuation.resume() }
    }

    private func letGoOfHeldRefresh(_ id: Int) {
        guard let index = heldRefreshes.firstIndex(where: { $0.id == id }) else { return }
        heldRefreshes.remove(at: index).continuation.resume()
    }

    /// The next `count` user-route calls wait at the server (before looking at
    /// their token) until `releaseUserCalls()`.
    func holdUserCalls(_ count: Int) { userCallsToHold = count }

    func releaseUserCalls() {
        userCallsToHold = 0
        let held = heldUserCalls
        heldUserCalls = []
        held.forEach { $0.resume() }
    }

    /// Lets the held user calls go and holds the next `count`, in one step
    /// (no call slips through between the two).
    func releaseUserCalls(thenHold count: Int) {
        releaseUserCalls()
        userCallsToHold = count
    }

    var heldUserCallCount: Int { heldUserCalls.count }
    var heldRefreshCount: Int { heldRefreshes.count }

    /// Returns once `condition` holds (checked after every change).
    func wait(until condition: @escaping @Sendable (isolated ScriptedServer) -> Bool) async {
        if condition(self) { return }
        await withCheckedContinuation { countWaiters.append((condition, $0)) }
    }

    private func changed() {
        let ready = countWaiters.filter { $0.count(self) }
        countWaiters.removeAll { $0.count(self) }
        ready.forEach { $0.1.resume() }
    }

    // MARK: Routes

    func signIn(_ credentials: Credentials) throws(RemoteError) -> IssuedTokens {
        signIns += 1
        defer { changed() }
        if case .failure(let error) = signInBehaviour { throw error }
        return issueTokens()
    }

    /// An access token, and in refresh-token mode a refresh token beside it.
    func issueTokens() -> IssuedTokens {
        let access = issueToken()
        guard issuesRefreshTokens else { return IssuedTokens(accessToken: access, subject: subjectAtSignIn) }
        let refresh = "refresh-\(issued)"
        liveRefreshTokens.insert(refresh)
        return IssuedTokens(
            accessToken: access, refreshToken: RefreshToken(refresh), statedLifetime: statedLifetime,
            idToken: idTokenAtSignIn.map(IDTokenHint.init), subject: subjectAtSignIn)
    }

    /// The subject a checked ID token names beside each sign-in's tokens;
    /// nil: no ID token says who signed in.
    private(set) var subjectAtSignIn: String?

    func nameSubject(_ subject: String?) {
        subjectAtSignIn = subject
    }

    /// The ID token issued beside each sign-in's tokens (an OpenID Connect
    /// provider's), in refresh-token mode; nil issues none.
    private(set) var idTokenAtSignIn: String?

    func issueIDTokens(_ text: String?) {
        idTokenAtSignIn = text
    }

    /// What the next proofs of a kept ID token answer, oldest first; with
    /// none queued, `.nothingToProve`.
    private var keptSignInProofs: [Result<KeptSignInProof, RemoteError>] = []
    /// The ID tokens `proveKeptSignIn` was asked about, oldest first.
    private(set) var provedIDTokens: [String] = []

    func answerKeptSignInProof(_ answer: Result<KeptSignInProof, RemoteError>) {
        keptSignInProofs.append(answer)
    }

    func proveKeptSignIn(_ token: SessionToken) throws(RemoteError) -> KeptSignInProof {
        guard let idToken = token.idToken else { return .nothingToProve }
        provedIDTokens.append(idToken.reveal())
        changed()
        guard !keptSignInProofs.isEmpty else { return .nothingToProve }
        return try keptSignInProofs.removeFirst().get()
    }

    func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        let sent: String
        switch credential {
        case .accessToken(let token): sent = token.reveal()
        case .refreshToken(let token): sent = token.reveal()
        }
        refreshedTokens.append(sent)
        changed()
        if refreshesToHold > 0 {
            refreshesToHold -= 1
            lastHeldRefresh += 1
            let id = lastHeldRefresh
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    guard !Task.isCancelled else { return continuation.resume() }
                    heldRefreshes.append((id, continuation))
                    changed()
                }
            } onCancel: {
                Task { await self.letGoOfHeldRefresh(id) }
            }
            if Task.isCancelled {
                cancelledRefreshes += 1
                throw .transport("request cancelled")
            }
        }
        switch refreshBehaviour {
        case .fail(let error):
            throw error
        case .rotate:
            if issuesRefreshTokens {
                guard case .refreshToken = credential, liveRefreshTokens.remove(sent) != nil else {
                    if spentRefreshTokens.contains(sent) {
                        // Reuse protection: a replayed refresh token revokes the family.
                        replayedRefreshTokens += 1
                        revokeAll()
                    }
                    throw .rejected(status: 401, code: .tokenInvalid)
                }
                spentRefreshTokens.insert(sent)
                return issueTokens()
            }
            guard case .accessToken(let token) = credential, refreshableTokens.remove(token.reveal()) != nil else {
                throw .rejected(status: 401, code: .tokenInvalid)
            }
            acceptedTokens.remove(token.reveal())
            return issueTokens()
        }
    }

    func register(_ registration: Registration) throws(RemoteError) -> String {
        registrations.append(registration)
        if case .failure(let error) = registerBehaviour { throw error }
        return "new-user"
    }

    func signOut(_ session: SessionToken) {
        let token = session.token
        signedOutTokens.append(session.refreshToken?.reveal() ?? token.reveal())
        if let refreshToken = session.refreshToken { liveRefreshTokens.remove(refreshToken.reveal()) }
        acceptedTokens.remove(token.reveal())
        refreshableTokens.remove(token.reveal())
    }

    /// Every user route: checks the token, then answers as scripted.
    func userCall(token: AccessToken) async throws(RemoteError) -> UserProfile {
        userCallTokens.append(token.reveal())
        changed()
        if userCallsToHold > 0 {
            userCallsToHold -= 1
            await withCheckedContinuation {
                heldUserCalls.append($0)
                changed()
            }
        }
        guard acceptedTokens.contains(token.reveal()) else {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
        if acceptEachTokenOnce { acceptedTokens.remove(token.reveal()) }
        switch userBehaviour {
        case .answer(let profile): return profile
        case .fail(let error): throw error
        }
    }
}

extension Statement {
    /// Two days, three entries: the Cora sample and two more.
    static let sample = Statement(
        sections: [
            StatementSection(
                date: "2024-02-01",
                items: [
                    StatementItem(
                        id: "abc123def456ghi789", description: "Compra de produtos eletrônicos",
                        label: "Compra aprovada",
                        entry: .debit, amount: 150_000, name: "João da Silva",
                        dateEvent: Date(timeIntervalSince1970: 1_706_775_317), status: "COMPLETED"),
                    StatementItem(
                        id: "later-same-day", description: "Pix recebido", label: "Transferência recebida",
                        entry: .credit,
                        amount: 2_550, name: "Ana Souza", dateEvent: Date(timeIntervalSince1970: 1_706_800_000),
                        status: "COMPLETED"),
                ]),
            StatementSection(
                date: "2024-02-05",
                items: [
                    StatementItem(
                        id: "abcdef12-3456-7890-abcd-ef1234567890", description: "Pagamento por serviços prestados",
                        label: "Pagamento recebido", entry: .credit, amount: 150_000, name: "Empresa ABC LTDA",
                        dateEvent: Date(timeIntervalSince1970: 1_707_143_445), status: "COMPLETED")
                ]),
        ],
        itemsTotal: 3)
}

extension UserProfile {
    static let maria = UserProfile(
        id: "user-maria", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909",
        active: true, isDeleted: false)
    static let joao = UserProfile(
        id: "user-joao", name: "João da Silva", email: "joao@example.com", cpf: "52998224725",
        active: true, isDeleted: false)
}
