import Foundation
public import Ports

/// The simulated server of docs/spec/wire-contract.md (and its control API,
/// docs/spec/control-api.md): accounts, opaque tokens with a lifetime, a
/// refresh window and rotation, statements, a health switch, fault switches and
/// request metrics — in memory, on the `Clock` port, so tests drive its time
/// with a `ManualClock`.
///
/// A request is served in two steps, so that a loopback HTTP server can reuse
/// both: `admit(_:)` counts it and applies any fault for its route (delay,
/// hang, drop, …), and then, when the answer is `.proceed`, the route's
/// operation (`signIn`, `currentUser`, …) answers it or throws a
/// `BackendRejection`. Operations do not count requests themselves.
///
/// The control operations mirror the control API: `setHealthy`,
/// `setAccountState(cpf:_:)`, `revokeAllTokens`, `addFault`, `clearFaults`,
/// `metrics`, `reset`.
public actor InMemoryBackend {
    public nonisolated let configuration: Configuration
    nonisolated let clock: any Clock

    var accounts: [String: BackendAccount] = [:]
    /// Account ids in creation order, so lookups and listings are deterministic.
    var accountOrder: [String] = []
    /// The token records the backend can still answer about (serving, or
    /// expired and kept to say `TOKEN_EXPIRED`); at most `configuration.mostTokens`.
    var tokens = BackendTokenTable()
    var nextTokenSerial: UInt64 = 0
    /// The tokens issued since this backend was made or last reset, the
    /// latest `configuration.mostRememberedTokens` of them: what a leak check
    /// looks for in output. Kept apart from `tokens`, which forgets a token as
    /// soon as it can no longer be accepted, though it may have been printed.
    public internal(set) var issuedTokens: [AccessToken] = []
    var healthy = true
    var faults: [Fault] = []
    var counters = BackendMetrics()
    private var requestWaiters: [RequestWaiter] = []
    private let hangGate: InMemoryHangGate
    /// The sign-ins outside the app begun on this backend (the browser's and
    /// the device flow's), as an authorization server keeps them.
    nonisolated let externalSignIns: BackendExternalSignIns

    private struct RequestWaiter {
        let route: String
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    /// How long a token record is kept after its refresh window closed, so
    /// that it is still answered with `TOKEN_EXPIRED` rather than `TOKEN_INVALID`.
    static let expiredTokenRetention: TimeInterval = 86_400

    /// - Parameter activity: told when a request hangs and when it is let
    ///   go, so that a virtual runner counts hanging requests as idle.
    public init(
        clock: any Clock, configuration: Configuration = Configuration(), activity: (any ActivityCounter)? = nil
    ) {
        self.clock = clock
        self.configuration = configuration
        hangGate = InMemoryHangGate(activity: activity)
        externalSignIns = BackendExternalSignIns(activity: activity)
        for account in BackendSeed.accounts() {
            accounts[account.id] = account
            accountOrder.append(account.id)
        }
    }

    // MARK: - Admission and faults

    /// Counts a request of `route` (a `BackendRoute` string) and applies the
    /// first pending fault for that route, if any: waits out a delay on the
    /// backend's clock, or hangs until the calling task is cancelled or
    /// `releaseHangingRequests()` is called. Returns what to do with the
    /// request; a caller that went away while it waited gets `.drop`.
    public func admit(_ route: String) async -> FaultAction {
        let fault = takeFault(for: route)
        let hangID: UInt64? = fault?.mode == .hang ? hangGate.enter() : nil
        counters.requests[route, default: 0] += 1
        resumeRequestWaiters()
        guard let fault else { return .proceed }

        if fault.delayFirst > .zero {
            guard await pause(fault.delayFirst) else {
                if let hangID { hangGate.abandon(hangID) }
                return .drop
            }
        }
        switch fault.mode {
        case .status(let status, let body): return .status(status, body: body)
        case .refusal(let refusal): return .refusal(refusal)
        case .delivery(let delivery): return .deliver(delivery)
        case .delay(let duration): return await pause(duration) ? .proceed : .drop
        case .drop: return .drop
        case .malformed: return .malformed
        case .hang:
            guard let hangID else { return .drop }
            return await hangGate.hang(hangID) ? .proceed : .drop
        }
    }

    /// Adds a fault for the next `fault.count` requests of `fault.route`.
    public func addFault(_ fault: Fault) {
        guard fault.count > 0 else { return }
        faults.append(fault)
    }

    /// Removes every pending fault (requests already hanging keep hanging).
    public func clearFaults() {
        faults.removeAll()
    }

    /// Lets every hanging request proceed normally.
    public func releaseHangingRequests() {
        hangGate.releaseAll()
    }

    /// How many requests are hanging (or about to) right now.
    public var hangingRequestCount: Int {
        hangGate.hangingCount
    }

    /// Returns once `count` requests of `route` have arrived since the start
    /// or the last `reset` — at once if they already have.
    public func waitForRequests(_ route: String, count: Int) async {
        guard counters.requestCount(route) < count else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            requestWaiters.append(RequestWaiter(route: route, count: count, continuation: continuation))
        }
    }

    private func takeFault(for route: String) -> Fault? {
        guard let index = faults.firstIndex(where: { $0.route == route }) else { return nil }
        let fault = faults[index]
        faults[index].count -= 1
        if faults[index].count <= 0 { faults.remove(at: index) }
        return fault
    }

    /// Sleeps on the backend's clock; false when the caller was cancelled.
    private func pause(_ duration: Duration) async -> Bool {
        do {
            try await clock.sleep(for: duration)
            return true
        } catch {
            return false
        }
    }

    private func resumeRequestWaiters() {
        let due = requestWaiters.filter { counters.requestCount($0.route) >= $0.count }
        requestWaiters.removeAll { counters.requestCount($0.route) >= $0.count }
        due.forEach { $0.continuation.resume() }
    }

    // MARK: - Control

    /// The health route answers healthy (200) or unhealthy (503).
    public func setHealthy(_ healthy: Bool) {
        self.healthy = healthy
    }

    /// Changes the state of the account with this CPF (11 digits).
    /// Throws `NOT_FOUND` when there is none.
    public func setAccountState(cpf: String, _ state: AccountState) throws(BackendRejection) {
        guard let id = accountID(matching: .cpf(cpf)) else { throw .notFound }
        accounts[id]?.state = state
    }

    /// The state of the account with this CPF, or nil when there is none.
    public func accountState(cpf: String) -> AccountState? {
        accountID(matching: .cpf(cpf)).flatMap { accounts[$0]?.state }
    }

    /// Every token stops working, as if the server lost its sessions.
    public func revokeAllTokens() {
        tokens.removeAll()
    }

    /// What the backend has seen since it started or was last reset.
    /// Counts a request that reached no route (`BackendRoute.noRoute`).
    public func countRequestWithoutRoute() {
        counters.requests[BackendRoute.noRoute, default: 0] += 1
    }

    public func metrics() -> BackendMetrics {
        var metrics = counters
        let now = clock.now()
        metrics.tokensLive = tokens.values.filter { servesRequests($0, at: now) }.count
        return metrics
    }

    /// Back to the seeded state: seeded accounts only, no tokens (live or
    /// remembered for leak checks), no sign-in outside the app (a wait for
    /// the person ends as cancelled), healthy, no faults, metrics zeroed. Hanging requests are released (and are then
    /// served against the seeded state); `waitForRequests` callers keep
    /// waiting, counting from zero.
    public func reset() {
        accounts = [:]
        accountOrder = []
        for account in BackendSeed.accounts() {
            accounts[account.id] = account
            accountOrder.append(account.id)
        }
        tokens.removeAll()
        issuedTokens.removeAll()
        healthy = true
        faults.removeAll()
        counters = BackendMetrics()
        hangGate.releaseAll()
        externalSignIns.endAll()
    }

    /// How many token records the backend holds now, serving or kept to
    /// answer `TOKEN_EXPIRED` (what bounds its memory, for tests).
    public var storedTokenCount: Int {
        tokens.count
    }

    /// How many entries the token table's issue order holds (for tests: it
    /// stays within twice the stored records plus a small slack).
    public var tokenBookkeepingCount: Int {
        tokens.bookkeepingCount
    }

    /// How many accounts the backend holds now, seeded ones included.
    public var accountCount: Int {
        accounts.count
    }

    /// Every password an account of this backend has, seeded or registered
    /// (for leak checks: none may ever appear in output).
    public var knownPasswords: [Password] {
        accountOrder.compactMap { accounts[$0]?.password }
    }

    // MARK: - Shared by the routes

    func accountID(matching identifier: LoginIdentifier) -> String? {
        accountOrder.first { accounts[$0]?.matches(identifier) == true }
    }

    func servesRequests(_ record: BackendTokenRecord, at now: Date) -> Bool {
        if let rotatedAt = record.rotatedAt,
            now >= rotatedAt.addingTimeInterval(configuration.rotationGrace.timeInterval)
        {
            return false
        }
        return now < record.issuedAt.addingTimeInterval(configuration.tokenLifetime.timeInterval)
    }
}
