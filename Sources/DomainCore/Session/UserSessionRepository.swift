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
public actor UserSessionRepository {
    private let store: any SessionDataStore
    private let signOutLedger: any SignOutLedger
    /// Whether a sign-out mark may be in the ledger, left by this process or
    /// found at launch, and not yet cleared.
    private var signOutMarked = false
    /// The session writes belong to now; a new one at every begin, expire and
    /// end, and writes of older generations are dropped. This repository is
    /// the one owner of generations.
    public private(set) var generation = SessionGeneration.initial
    /// What this process last wrote, so a token refresh need not re-read the store.
    private var lastWritten: UserSession?
    private var writeChain: (any TaskHandle<Bool>)?
    private let scheduler: any TaskScheduler
    /// Where each write's outcome is told (the container attaches the session
    /// state, which shows a store that cannot save or delete to the user).
    private let writeOutcomes: SessionStoreWriteRelay

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
    public init(
        store: any SessionDataStore, signOutLedger: any SignOutLedger, scheduler: any TaskScheduler,
        writeOutcomes: SessionStoreWriteRelay
    ) {
        self.store = store
        self.signOutLedger = signOutLedger
        self.scheduler = scheduler
        self.writeOutcomes = writeOutcomes
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
                try await store.delete()
            }
            guard finished else { return .absent }
        }
        let read = await store.read()
        if case .found(let session) = read { lastWritten = session }
        return read
    }

    /// Starts a new session generation without writing: writes tagged with
    /// an older generation are dropped from now on. Returns the new generation.
    @discardableResult
    public func beginGeneration() -> SessionGeneration {
        generation = generation.next()
        return generation
    }

    /// Stores `session` whole, replacing what was stored, if `generation` is current.
    public func saveSession(_ session: UserSession, generation: SessionGeneration) async {
        guard generation == self.generation else { return }
        await write(session, generation: generation)
    }

    /// Wipes the stored session and local data within the current generation
    /// (signing in as another user than the one whose data was kept).
    public func wipe(generation: SessionGeneration) async {
        guard generation == self.generation else { return }
        lastWritten = nil
        await enqueueWrite(.notDeleted, for: generation) { store throws(SessionStoreError) in try await store.delete() }
    }

    /// Saves a refreshed token, keeping the cached user; dropped if the
    /// session of `generation` has ended meanwhile.
    /// Nothing is written while no token is stored yet (a refresh during sign-in:
    /// the sign-in writes the whole session itself).
    ///
    /// - Returns: false only when the store refused the write (or a newer
    ///   generation began before its turn); true when it went through or
    ///   there was nothing to write.
    @discardableResult
    public func saveRefreshedToken(_ token: SessionToken, generation: SessionGeneration) async -> Bool {
        guard generation == self.generation else { return false }
        guard lastWritten?.token != nil else { return true }
        return await write(UserSession(token: token, cachedUser: lastWritten?.cachedUser), generation: generation)
    }

    /// Saves the user as just synced, keeping the token; dropped if the
    /// session of `generation` has ended meanwhile.
    public func saveUser(_ user: CachedUser, generation: SessionGeneration) async {
        guard generation == self.generation else { return }
        await write(UserSession(token: lastWritten?.token, cachedUser: user), generation: generation)
    }

    /// Session expired: the tokens go, the local data stays
    /// (docs/spec/root-screen-and-bootstrap.md §3, row 5).
    public func expireSession() async {
        generation = generation.next()
        if let kept = lastWritten?.cachedUser {
            await write(UserSession(token: nil, cachedUser: kept), generation: generation)
        } else {
            lastWritten = nil
            await enqueueWrite(.notDeleted, for: generation) { store throws(SessionStoreError) in
                try await store.delete()
            }
        }
    }

    /// Session over: tokens cleared and local data wiped. The sign-out is
    /// marked pending before the delete, so a delete the store refuses (or a
    /// process killed before it) is finished by the next launch.
    public func endSession() async {
        generation = generation.next()
        lastWritten = nil
        await enqueueWrite(.notDeleted, for: generation) { [weak self] store throws(SessionStoreError) in
            await self?.markSignOutPending()
            try await store.delete()
        }
    }

    /// Records `session` as the newest and saves it in its turn; returns
    /// whether the save went through.
    @discardableResult
    private func write(_ session: UserSession, generation: SessionGeneration) async -> Bool {
        lastWritten = session
        return await enqueueWrite(.notSaved, for: generation) { store throws(SessionStoreError) in
            try await store.save(session)
        }
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
        let previous = writeChain
        let store = self.store
        let task = scheduler.spawn {
            _ = await previous?.value
            guard await self.isCurrent(generation) else { return false }
            let problem: SessionStorageProblem?
            do throws(SessionStoreError) {
                try await write(store)
                problem = nil
                await self.clearSignOutMark()
            } catch {
                problem = failure
            }
            await self.report(problem)
            return problem == nil
        }
        writeChain = task
        return await task.value
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

    private func isCurrent(_ generation: SessionGeneration) -> Bool {
        generation == self.generation
    }

    private func report(_ problem: SessionStorageProblem?) async {
        await writeOutcomes.writeEnded(problem)
    }
}
