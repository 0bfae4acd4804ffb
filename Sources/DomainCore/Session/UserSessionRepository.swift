public import Ports
import Synchronization

/// The one door to the `SessionDataStore` (Koober's `UserSessionRepository`).
///
/// Writes run one at a time, in the order they were asked for, and each is
/// tagged with the session generation it belongs to: a write asked for by a
/// session that has since ended (a refresh finishing after logout) is dropped
/// when its turn comes. So the last word is always the newest session's.
public actor UserSessionRepository {
    private let store: any SessionDataStore
    /// The session writes belong to now; a new one at every begin, expire and
    /// end, and writes of older generations are dropped. This repository is
    /// the one owner of generations.
    public private(set) var generation = SessionGeneration.initial
    /// What this process last wrote, so a token refresh need not re-read the store.
    private var lastWritten: UserSession?
    private var writeChain: (any TaskHandle<Void>)?
    private let scheduler: any TaskScheduler
    /// Who hears how each write went (set once by `AuthSession`, which shows
    /// a store that cannot save or delete to the user).
    private let outcomeHandler = Mutex<WriteOutcomeHandler?>(nil)

    /// Told after every write that ran: nil when it went through, the problem
    /// when the store refused it.
    public typealias WriteOutcomeHandler = @Sendable (SessionStorageProblem?) async -> Void

    public init(store: any SessionDataStore, scheduler: any TaskScheduler) {
        self.store = store
        self.scheduler = scheduler
    }

    /// Sets who hears how each write went.
    public nonisolated func onWriteOutcome(_ handler: @escaping WriteOutcomeHandler) {
        outcomeHandler.withLock { $0 = handler }
    }

    /// Reads the stored session (three answers: found, absent, unavailable).
    public func load() async -> SessionRead {
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
    public func saveRefreshedToken(_ token: SessionToken, generation: SessionGeneration) async {
        guard generation == self.generation, lastWritten?.token != nil else { return }
        await write(UserSession(token: token, cachedUser: lastWritten?.cachedUser), generation: generation)
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
            await enqueueWrite(.notDeleted, for: generation) { store throws(SessionStoreError) in try await store.delete() }
        }
    }

    /// Session over: tokens cleared and local data wiped.
    public func endSession() async {
        generation = generation.next()
        lastWritten = nil
        await enqueueWrite(.notDeleted, for: generation) { store throws(SessionStoreError) in try await store.delete() }
    }

    /// Records `session` as the newest and saves it in its turn.
    private func write(_ session: UserSession, generation: SessionGeneration) async {
        lastWritten = session
        await enqueueWrite(.notSaved, for: generation) { store throws(SessionStoreError) in
            try await store.save(session)
        }
    }

    /// The user cached locally, as last read or written by this process.
    public var cachedUser: CachedUser? { lastWritten?.cachedUser }

    /// Runs `write` after every write asked for before it, if `generation` is
    /// still current by then, and tells the outcome handler how it went
    /// (`failure` if the store refused it). Waits for it to finish.
    private func enqueueWrite(
        _ failure: SessionStorageProblem, for generation: SessionGeneration,
        _ write: @escaping @Sendable (any SessionDataStore) async throws(SessionStoreError) -> Void
    ) async {
        let previous = writeChain
        let store = self.store
        let task = scheduler.spawn {
            await previous?.value
            guard await self.isCurrent(generation) else { return }
            let problem: SessionStorageProblem?
            do throws(SessionStoreError) {
                try await write(store)
                problem = nil
            } catch {
                problem = failure
            }
            await self.report(problem)
        }
        writeChain = task
        await task.value
    }

    private func isCurrent(_ generation: SessionGeneration) -> Bool {
        generation == self.generation
    }

    private func report(_ problem: SessionStorageProblem?) async {
        let handler = outcomeHandler.withLock { $0 }
        await handler?(problem)
    }
}
