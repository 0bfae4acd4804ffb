public import Ports

/// The one door to the `SessionDataStore` (Koober's `UserSessionRepository`).
///
/// Writes run one at a time, in the order they were asked for, and each is
/// tagged with the session generation it belongs to: a write asked for by a
/// session that has since ended (a refresh finishing after logout) is dropped
/// when its turn comes. So the last word is always the newest session's.
///
/// A sign-out sticks even when the store refuses the delete: every end of a
/// session first marks a sign-out pending in the `SignOutLedger` (which does
/// not go through the store), and the mark is cleared only once a write goes
/// through — the delete, or a later save that replaced the session whole.
/// At the next launch `load` finishes a pending sign-out before it reads
/// anything, and while the delete still fails it answers `.absent`: a
/// session the user signed out of is never read back as signed in.
///
/// One session, many processes (an app and its extensions share a store):
/// every write of a signed-in session is a transaction under the store's
/// exclusive lock (`SessionDataStore.exclusively`), which first re-reads
/// what is stored and the sign-out ledger. A token refresh runs inside one
/// (`refreshShared`): when another process has already stored a newer token
/// of the same sign-in (`SessionLineage`), that token is adopted and no
/// request is made; when the session is gone, marked signed out, or
/// replaced by another sign-in, nothing is sent and nothing written — this
/// process's session ended elsewhere. A profile sync or an expiry writes
/// only over its own session, keeping the newest token stored. A logout, a
/// wipe and a new sign-in write whatever is stored: they end it anyway.
public actor UserSessionRepository {
    /// How long a write of a signed-in session — a refresh, a profile sync,
    /// a removal — waits for one other holder of the store's lock: a
    /// moment. A holder that keeps it longer (stopped, hung, or slow) is
    /// another window busy with the session: nothing is sent or written,
    /// the person is told (`SessionStorageProblem.anotherWindowBusy`), and
    /// the next call tries again. A launch and a logout never freeze behind
    /// another window. The limit is for one holder: a line of windows
    /// each holding a moment (several refreshing at once) is waited through.
    public static let lockWait: Duration = .seconds(1)
    /// How soon a removal that found another holder of the store's lock is
    /// tried again: after `first`, doubling each time up to `last`.
    public static let removalRetry = (first: Duration.seconds(1), last: Duration.seconds(30))

    let store: any SessionDataStore
    let signOutLedger: any SignOutLedger
    /// Whether a sign-out mark may be in the ledger, left by this process or
    /// found at launch, and not yet cleared.
    private var signOutMarked = false
    /// The session writes belong to now; a new one at every begin, expire and
    /// end, and writes of older generations are dropped. This repository is
    /// the one owner of generations.
    public private(set) var generation = SessionGeneration.initial
    /// What this process last wrote, so a token refresh need not re-read the store.
    var lastWritten: UserSession?
    /// This process's token as the store is known to hold it (last read there,
    /// or last written there with success); nil when unknown — nothing of
    /// this session stored yet, or its last write failed. Only while it is
    /// known do writes check what other processes did (a store alone cannot
    /// tell a logout elsewhere from its own write that never landed).
    var storedToken: SessionToken?
    /// Waits for the last write asked for, so the next runs after it.
    private var writeChain: (@Sendable () async -> Void)?
    private let scheduler: any TaskScheduler
    /// The time a removal that waits for another holder is tried again on;
    /// nil: only the next launch finishes it.
    private let clock: (any Clock)?
    /// The next try of a removal that waits, and how long the one after it waits.
    private var removalRetryAlarm: (any ClockAlarm)?
    private var nextRemovalDelay = UserSessionRepository.removalRetry.first
    /// Whether the person was told another window keeps the session busy,
    /// and nothing has gone through since.
    var saidAnotherWindowBusy = false
    /// Where each write's outcome is told (the container attaches the session
    /// state, which shows a store that cannot save or delete to the user).
    let writeOutcomes: SessionStoreWriteRelay

    /// A repository at the initial generation with no write run yet; it reads
    /// nothing until `load()`.
    ///
    /// - Parameters:
    ///   - store: where the session is kept.
    ///   - signOutLedger: where a pending sign-out is marked, apart from the
    ///     store, so a sign-out sticks when the store refuses the delete.
    ///   - scheduler: runs the writes one after another.
    ///   - writeOutcomes: told after every write that ran: nil when it went
    ///     through, the problem when the store refused it.
    ///   - clock: when a sign-out's removal finds another holder of the
    ///     store's lock, it is tried again on this clock
    ///     (``removalRetry``); nil leaves it to the next launch.
    public init(
        store: any SessionDataStore, signOutLedger: any SignOutLedger, scheduler: any TaskScheduler,
        writeOutcomes: SessionStoreWriteRelay, clock: (any Clock)? = nil
    ) {
        self.store = store
        self.signOutLedger = signOutLedger
        self.scheduler = scheduler
        self.writeOutcomes = writeOutcomes
        self.clock = clock
    }

    /// Reads the stored session (three answers: found, absent, unavailable),
    /// after finishing a sign-out the ledger says is pending: the delete is
    /// asked again first; while it fails, whatever is stored belongs to a
    /// user who signed out, and the answer is `.absent` (the write outcome
    /// handler hears `.notDeleted`, so the user is told).
    public func load() async -> SessionRead {
        if await signOutLedger.isPending() {
            signOutMarked = true
            let finished = await enqueueWrite(.notDeleted, for: generation) { store throws(SessionStoreError) in
                try await Self.removeStored(from: store)
            }
            guard finished else { return .absent }
        }
        let read = await store.read()
        if case .found(let session) = read {
            lastWritten = session
            storedToken = session.token
        }
        return read
    }

    /// Starts a new session generation without writing: writes tagged with
    /// an older generation are dropped from now on. Returns the new generation.
    @discardableResult
    public func beginGeneration() -> SessionGeneration {
        generation = generation.next()
        return generation
    }

    /// Stores `session` whole, replacing what was stored, if `generation` is
    /// current: a sign-in, which replaces whatever another process left.
    public func saveSession(_ session: UserSession, generation: SessionGeneration) async {
        guard generation == self.generation else { return }
        await write(session, generation: generation)
    }

    /// Wipes the stored session and local data within the current generation
    /// (signing in as another user than the one whose data was kept).
    public func wipe(generation: SessionGeneration) async {
        guard generation == self.generation else { return }
        lastWritten = nil
        storedToken = nil
        await enqueueWrite(.notDeleted, for: generation) { store throws(SessionStoreError) in try await store.delete() }
    }

    /// Saves the user as just synced, keeping the token; dropped if the
    /// session of `generation` has ended meanwhile. Written over this
    /// process's own session only (`writeOverOwnSession`), keeping the
    /// newest token of it stored — another process may have refreshed it.
    ///
    /// - Returns: `.endedElsewhere` when another process ended the session
    ///   (nothing was written); otherwise whether the write went through.
    @discardableResult
    public func saveUser(_ user: CachedUser, generation: SessionGeneration) async -> SharedSessionWrite {
        guard generation == self.generation else { return .notWritten }
        guard let held = lastWritten?.token else {
            return await write(UserSession(token: nil, cachedUser: user), generation: generation)
                ? .written : .notWritten
        }
        lastWritten = UserSession(token: held, cachedUser: user)
        return await writeOverOwnSession(held, generation: generation, failure: .notSaved) { stored in
            .save(UserSession(token: stored?.token ?? held, cachedUser: user))
        }
    }

    /// Session expired: the tokens go, the local data stays
    /// (docs/spec/root-screen-and-bootstrap.md §3, row 5) — over this
    /// process's own session only: one another process ended or replaced
    /// stays as that process left it.
    public func expireSession() async {
        let held = lastWritten?.token
        let kept = lastWritten?.cachedUser
        generation = generation.next()
        lastWritten = kept.map { UserSession(token: nil, cachedUser: $0) }
        let change: StoredSessionChange = kept.map { .save(UserSession(token: nil, cachedUser: $0)) } ?? .delete
        let failure: SessionStorageProblem = kept == nil ? .notDeleted : .notSaved
        guard let held else {
            storedToken = nil
            await enqueueWrite(failure, for: generation) { store throws(SessionStoreError) in
                try await change.apply(to: store)
            }
            return
        }
        await writeOverOwnSession(held, generation: generation, failure: failure) { _ in change }
    }

    /// Another process ended this session (a logout, an expiry, a newer
    /// sign-in): this process lets it go without writing anything — the
    /// store holds what the other process left.
    public func forgetSessionEndedElsewhere() {
        generation = generation.next()
        lastWritten = nil
        storedToken = nil
    }

    /// Whether another process ended the session this one holds (`held`):
    /// the sign-out ledger is marked by another process, or the store holds
    /// no session, one set aside, or another sign-in's. A read, never the
    /// lock: what a watch asks while the person looks at signed-in data.
    /// False whenever nobody can tell: the store is not known to hold this
    /// session (its last write failed, or nothing was written yet), this
    /// process marked a sign-out itself, or the store cannot be read.
    public func sessionEndedElsewhere(holding held: SessionToken) async -> Bool {
        guard storedToken != nil, !signOutMarked else { return false }
        if await signOutLedger.isPending() { return true }
        if case .ended = SharedSessionCheck(await store.read(), holding: held) { return true }
        return false
    }

    /// Session over: tokens cleared and local data wiped, whatever is stored
    /// (a logout ends the session for every process). The sign-out is
    /// marked pending before the delete, so a delete the store refuses (or a
    /// process killed before it) is finished by the next launch.
    public func endSession() async {
        generation = generation.next()
        lastWritten = nil
        storedToken = nil
        await enqueueWrite(.notDeleted, for: generation) { [weak self] store throws(SessionStoreError) in
            await self?.markSignOutPending()
            try await Self.removeStored(from: store)
        }
    }

    /// Records `session` as the newest and saves it in its turn; returns
    /// whether the save went through.
    @discardableResult
    private func write(_ session: UserSession, generation: SessionGeneration) async -> Bool {
        lastWritten = session
        let saved = await enqueueWrite(.notSaved, for: generation) { store throws(SessionStoreError) in
            try await store.save(session)
        }
        if generation == self.generation { storedToken = saved ? session.token : nil }
        return saved
    }

    /// The user cached locally, as last read or written by this process.
    public var cachedUser: CachedUser? { lastWritten?.cachedUser }

    /// Runs `write` after every write asked for before it, if `generation` is
    /// still current by then, and tells the outcome handler how it went
    /// (`failure` if the store refused it). A write that went through leaves
    /// the store holding nothing or a whole newer session, so it also clears
    /// a sign-out mark. Waits for it to finish; returns whether it went through.
    @discardableResult
    private func enqueueWrite(
        _ failure: SessionStorageProblem, for generation: SessionGeneration,
        _ write: @escaping @Sendable (any SessionDataStore) async throws(SessionStoreError) -> Void
    ) async -> Bool {
        let store = self.store
        return await enqueue { () async -> Bool in
            guard await self.isCurrent(generation) else { return false }
            let outcome = await SessionStoreWrite.run { () async throws(SessionStoreError) in try await write(store) }
            if failure == .notDeleted, case .failure(.busy) = outcome, await self.signOutIsMarked {
                await self.removalWaits(generation: generation)
                return false
            }
            return await self.finishWrite(outcome, failure: failure)
        }
    }

    private var signOutIsMarked: Bool { signOutMarked }

    /// A sign-out's removal found another holder of the store's lock: the
    /// session is over here and marked signed out, so this is no failure —
    /// the person is told the stored copy goes once that holder lets go,
    /// and it is tried again on the clock (sooner first, then less often)
    /// for as long as this sign-out's generation lasts. A sign-in meanwhile
    /// replaces the session whole, which ends the need.
    private func removalWaits(generation: SessionGeneration) async {
        await writeOutcomes.writeEnded(.removalWaiting)
        guard let clock else { return }
        let delay = nextRemovalDelay
        nextRemovalDelay = min(delay * 2, Self.removalRetry.last)
        removalRetryAlarm?.cancel()
        removalRetryAlarm = clock.alarm(at: clock.now().addingTimeInterval(delay.timeInterval)) { [weak self] in
            guard let self else { return }
            _ = self.scheduler.spawn { await self.retryRemoval(generation: generation) }
        }
    }

    /// The removal tried again, if its sign-out is still the last word.
    private func retryRemoval(generation: SessionGeneration) async {
        removalRetryAlarm = nil
        guard isCurrent(generation), signOutMarked else { return }
        let removed = await enqueueWrite(.notDeleted, for: generation) { store throws(SessionStoreError) in
            try await Self.removeStored(from: store)
        }
        if removed { nextRemovalDelay = Self.removalRetry.first }
    }

    /// Tells the outcome handler how a write went, clearing the sign-out
    /// mark when it went through; returns whether it did.
    func finishWrite(_ outcome: Result<Void, SessionStoreError>, failure: SessionStorageProblem) async -> Bool {
        let wentThrough = (try? outcome.get()) != nil
        if wentThrough { await clearSignOutMark() }
        saidAnotherWindowBusy = false
        await writeOutcomes.writeEnded(wentThrough ? nil : failure)
        return wentThrough
    }

    /// Runs `work` after every write asked for before it, and waits for it.
    /// When `cancellable`, cancelling the caller cancels `work` (a refresh
    /// whose session was stopped must not go on exchanging its token).
    func enqueue<Value: Sendable>(
        cancellable: Bool = false, _ work: @escaping @Sendable () async -> Value
    ) async -> Value {
        let previous = writeChain
        let task = scheduler.spawn { () async -> Value in
            await previous?()
            return await work()
        }
        writeChain = { _ = await task.value }
        guard cancellable else { return await task.value }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Marks a sign-out pending. A mark the ledger refuses is let go: the
    /// delete that follows may still go through, and if it does not, the
    /// user is told the session could not be removed.
    private func markSignOutPending() async {
        signOutMarked = true
        try? await signOutLedger.markPending()
    }

    /// Clears the sign-out mark once a write went through; kept for the next
    /// write to try again if the ledger refuses (then, at worst, the next
    /// launch deletes a session and the user signs in once more).
    private func clearSignOutMark() async {
        guard signOutMarked else { return }
        do throws(SessionStoreError) {
            try await signOutLedger.clear()
            signOutMarked = false
        } catch {}
    }

    func isCurrent(_ generation: SessionGeneration) -> Bool {
        generation == self.generation
    }
}
