import Testing

/// One call of a remote port, as the suites name it when they fail the next
/// call, count calls or state a need: the suites' words, not a dialect's
/// route. Each fixture maps an operation onto its own wire — the fixtures of
/// the wire contract through `RemoteRoute` (`wireRoute`), another dialect's
/// through its own routes — so an adapter of any dialect joins the suites
/// through a fixture of that dialect.
enum RemoteOperation: String, Sendable, Hashable, CaseIterable, CustomTestStringConvertible {
    case signIn, refresh, signOut, register
    case currentUser, updateCurrentUser, deleteCurrentUser, relatedUsers, saveSharedWith
    case statement, entryDetails
    case health

    var testDescription: String { rawValue }

    /// The wire contract's route of this operation. Sign-in and refresh share
    /// `POST /challenge/auth`: a fault for either meets the next request of
    /// that route, whichever it is (the suites call the operation they failed
    /// next), and the metrics tell them apart by the server's sign-in and
    /// refresh counters (`RemoteServerMetrics.init(wireRequests:…)`).
    var wireRoute: String {
        switch self {
        case .signIn, .refresh: RemoteRoute.auth
        case .signOut: RemoteRoute.signOut
        case .register: RemoteRoute.register
        case .currentUser: RemoteRoute.currentUser
        case .updateCurrentUser: RemoteRoute.updateCurrentUser
        case .deleteCurrentUser: RemoteRoute.deleteCurrentUser
        case .relatedUsers: RemoteRoute.relatedUsers
        case .saveSharedWith: RemoteRoute.saveSharedWith
        case .statement: RemoteRoute.statementList
        case .entryDetails: RemoteRoute.statementDetails
        case .health: RemoteRoute.health
        }
    }
}

/// What a fixture's server saw since it started or was last reset, in the
/// suites' words: calls per operation, and every request it saw whatever it
/// was — those that reached no operation included — which is what "nothing
/// is sent" is checked by.
struct RemoteServerMetrics: Sendable, Equatable {
    /// Requests per operation; an operation never called has no entry.
    var calls: [RemoteOperation: Int]
    /// Every request the server saw, with or without an operation.
    var allRequests: Int
    /// Sign-ins that issued a token.
    var logins: Int
    /// Refreshes that issued a token.
    var refreshes: Int
    /// Refreshes the server refused.
    var refreshesRejected: Int
    /// Tokens that would serve a request now.
    var tokensLive: Int

    /// The requests of `operation`.
    func count(_ operation: RemoteOperation) -> Int { calls[operation, default: 0] }

    /// The metrics of a server of the wire contract from its counts per route
    /// (`RemoteRoute`, and `(no route)`). `POST /challenge/auth` is split by
    /// the server's counters: the refreshes it answered or refused are
    /// refreshes, the rest of the route's requests sign-ins (a request a fault
    /// stopped reached neither counter, and counts as a sign-in).
    init(wireRequests: [String: Int], logins: Int, refreshes: Int, refreshesRejected: Int, tokensLive: Int) {
        var calls: [RemoteOperation: Int] = [:]
        for operation in RemoteOperation.allCases where operation != .signIn && operation != .refresh {
            if let count = wireRequests[operation.wireRoute], count > 0 { calls[operation] = count }
        }
        let authRequests = wireRequests[RemoteRoute.auth, default: 0]
        let refreshRequests = min(authRequests, max(0, refreshes) + max(0, refreshesRejected))
        if refreshRequests > 0 { calls[.refresh] = refreshRequests }
        if authRequests > refreshRequests { calls[.signIn] = authRequests - refreshRequests }
        self.init(
            calls: calls, allRequests: wireRequests.values.reduce(0, +), logins: logins, refreshes: refreshes,
            refreshesRejected: refreshesRejected, tokensLive: tokensLive)
    }

    init(
        calls: [RemoteOperation: Int], allRequests: Int, logins: Int, refreshes: Int, refreshesRejected: Int,
        tokensLive: Int
    ) {
        self.calls = calls.filter { $0.value > 0 }
        self.allRequests = allRequests
        self.logins = logins
        self.refreshes = refreshes
        self.refreshesRejected = refreshesRejected
        self.tokensLive = tokensLive
    }
}
