import Ports

/// A session store double that records every operation, can be made
/// unavailable, and never loses a write it accepted.
actor RecordingSessionStore: SessionDataStore {
    enum Operation: Equatable {
        case save(UserSession)
        case delete
    }

    private(set) var stored: UserSession?
    private(set) var operations: [Operation] = []
    /// How many times the store was read, whatever it answered.
    private(set) var reads = 0
    private var unavailable = false
    private var writesFail = false
    private var savesFail = false
    private var savesToHold = 0
    private var heldSaves: [CheckedContinuation<Void, Never>] = []
    private var heldSaveWaiters: [CheckedContinuation<Void, Never>] = []

    init(_ initial: UserSession? = nil) {
        stored = initial
    }

    func setUnavailable(_ on: Bool) { unavailable = on }
    /// While set, a transaction is refused as this holder's lock: another
    /// live process holds it (`SessionStoreError.busy`).
    private(set) var busyHolder: SessionLockHolder?
    /// What each transaction was asked for, in order (taken or refused).
    private(set) var transactionPurposes: [SessionLockPurpose] = []
    func setBusy(_ holder: SessionLockHolder?) { busyHolder = holder }

    /// While on, reads work and every save or delete throws (a full disk).
    func setWritesFail(_ on: Bool) { writesFail = on }

    /// While on, every save throws and deletes still work.
    func setSavesFail(_ on: Bool) { savesFail = on }

    /// Puts a session in the store as a previous launch would have left it (not recorded).
    func plant(_ session: UserSession?) { stored = session }

    func read() async -> SessionRead {
        reads += 1
        if unavailable { return .unavailable(.unavailable("simulated")) }
        return stored.map(SessionRead.found) ?? .absent
    }

    /// The next save waits, before it stores anything, until `releaseSaves()`.
    func holdNextSave() { savesToHold = 1 }

    /// Returns once a save is being held.
    func waitForHeldSave() async {
        if !heldSaves.isEmpty { return }
        await withCheckedContinuation { heldSaveWaiters.append($0) }
    }

    func releaseSaves() {
        let held = heldSaves
        heldSaves = []
        held.forEach { $0.resume() }
    }

    func save(_ session: UserSession) async throws(SessionStoreError) {
        await takeTurn()
        defer { releaseTurn() }
        try await saveHolding(session)
    }

    /// A delete takes the lock as the file keychain's does: it meets a busy
    /// holder (`setBusy`).
    func delete() async throws(SessionStoreError) {
        await takeTurn()
        defer { releaseTurn() }
        if let busyHolder { throw .busy(busyHolder) }
        try deleteHolding()
    }

    /// Writers take turns, as the processes sharing one store do: two
    /// harnesses on this store are two processes. No limit on a wait: a
    /// holder here always ends (a test releases what it holds).
    func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        transactionPurposes.append(purpose)
        if unavailable { throw .unavailable("simulated") }
        if let busyHolder { throw .busy(busyHolder) }
        await takeTurn()
        defer { releaseTurn() }
        return await body(Held(store: self))
    }

    /// Returns once a writer waits for the turn: a contender has lined up
    /// (known by the event, not by a count of yields or a clock).
    func untilAWriterWaits() async {
        guard line.isEmpty else { return }
        await withCheckedContinuation { lineWatchers.append($0) }
    }

    private var turnTaken = false
    private var line: [CheckedContinuation<Void, Never>] = []
    private var lineWatchers: [CheckedContinuation<Void, Never>] = []

    private func takeTurn() async {
        guard turnTaken else {
            turnTaken = true
            return
        }
        await withCheckedContinuation { continuation in
            line.append(continuation)
            let watchers = lineWatchers
            lineWatchers = []
            for watcher in watchers { watcher.resume() }
        }
    }

    private func releaseTurn() {
        if line.isEmpty {
            turnTaken = false
        } else {
            line.removeFirst().resume()
        }
    }

    private func saveHolding(_ session: UserSession) async throws(SessionStoreError) {
        if savesToHold > 0 {
            savesToHold -= 1
            await withCheckedContinuation {
                heldSaves.append($0)
                let waiters = heldSaveWaiters
                heldSaveWaiters = []
                waiters.forEach { $0.resume() }
            }
        }
        if unavailable || writesFail || savesFail { throw .unavailable("simulated") }
        operations.append(.save(session))
        stored = session
    }

    private func deleteHolding() throws(SessionStoreError) {
        if unavailable || writesFail { throw .unavailable("simulated") }
        operations.append(.delete)
        stored = nil
    }

    /// The store as the holder of the turn sees it.
    private struct Held: SessionDataStore {
        let store: RecordingSessionStore

        func read() async -> SessionRead { await store.read() }
        func save(_ session: UserSession) async throws(SessionStoreError) { try await store.saveHolding(session) }
        func delete() async throws(SessionStoreError) { try await store.deleteHolding() }
        func exclusively<Outcome: Sendable>(
            for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
            _ body: @Sendable (any SessionDataStore) async -> Outcome
        ) async throws(SessionStoreError) -> Outcome {
            await body(self)
        }
    }
}
