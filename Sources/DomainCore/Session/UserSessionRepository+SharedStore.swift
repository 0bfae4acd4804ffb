public import Ports

/// The writes of a signed-in session, as transactions of every process that
/// shares the store (docs/concurrency.md, "One session, many processes").
extension UserSessionRepository {
    /// Refreshes the session's token as one transaction of every process that
    /// shares the store: under the store's lock, the sign-out ledger and the
    /// stored session are read again; a newer token of the same sign-in is
    /// adopted (`refresh` is not called); a session gone, marked signed out
    /// or replaced by another sign-in is left alone (`.endedElsewhere`:
    /// nothing sent, nothing written); otherwise `refresh` runs and what it
    /// brings is saved before the lock is let go.
    ///
    /// While no session is written yet (a refresh during sign-in) nothing is
    /// read or written. While the store is not known to hold this session
    /// (its last write failed), or cannot be locked, the refresh runs and its
    /// save is tried, as with a store alone — but never while another live
    /// process holds the lock (`.busyElsewhere`: it may be sending this very
    /// refresh token). Cancelling the caller cancels the refresh.
    ///
    /// - Parameters:
    ///   - previous: the token this process holds.
    ///   - generation: the session the refresh is for; if a newer one began
    ///     meanwhile, nothing is written.
    ///   - refresh: the network call, making the token to keep.
    public func refreshShared(
        _ previous: SessionToken, generation: SessionGeneration,
        refresh: @escaping @Sendable (SessionToken) async -> Result<SessionToken, RemoteError>
    ) async -> SharedRefreshOutcome {
        guard generation == self.generation else { return .failed(nil) }
        guard lastWritten?.token != nil else {
            return SharedRefreshOutcome(await refresh(previous), saved: true)
        }
        let shared = storedToken.map { $0.isSameSession(as: previous) } ?? false
        let store = self.store
        let ledger = signOutLedger
        let outcome = await enqueue(cancellable: true) { () async -> SharedRefreshOutcome in
            guard await self.isCurrent(generation) else { return .failed(nil) }
            if shared {
                do throws(SessionStoreError) {
                    return try await store.exclusively(for: .refreshing, waitingAtMost: Self.lockWait) { locked in
                        if await ledger.isPending() { return .endedElsewhere }
                        let stored = await locked.read()
                        switch SharedSessionCheck(stored, holding: previous) {
                        case .ended: return .endedElsewhere
                        case .newer(let newer): return .adopted(newer, cachedUser: stored.session?.cachedUser)
                        case .own, .unknown:
                            return await Self.refreshAndSave(
                                previous, refresh: refresh, cachedUser: stored.session?.cachedUser, into: locked
                            ) { await self.isCurrent(generation) }
                        }
                    }
                } catch {
                    // A live holder may be sending this refresh token now:
                    // never a second time from here. Otherwise (the storage
                    // cannot be locked at all) on as a store alone, below.
                    if case .busy(let holder) = error { return .busyElsewhere(holder) }
                }
            }
            return await Self.refreshAndSave(previous, refresh: refresh, cachedUser: await self.cachedUser, into: store)
            {
                await self.isCurrent(generation)
            }
        }
        guard generation == self.generation else { return outcome }
        switch outcome {
        case .refreshed(let issued, let saved):
            lastWritten = UserSession(token: issued, cachedUser: lastWritten?.cachedUser)
            storedToken = saved ? issued : nil
            _ = await finishWrite(saved ? .success(()) : .failure(.unavailable("not saved")), failure: .notSaved)
        case .adopted(let newer, let cachedUser):
            lastWritten = UserSession(token: newer, cachedUser: cachedUser ?? lastWritten?.cachedUser)
            storedToken = newer
            await anotherWindowLetGo()
        case .busyElsewhere: await sayAnotherWindowBusy()
        case .endedElsewhere, .failed: break
        }
        return outcome
    }

    /// Runs `refresh` and saves what it brings into `store` (the lock's
    /// holder, or the store alone), unless the session ended meanwhile.
    /// When the save fails after the backend rotated the refresh token, the
    /// stored session — whose refresh token is now spent — is deleted if it
    /// can be: a launch, or another process, that sent it again would be
    /// refused, and on a backend with reuse detection would end the new
    /// tokens too. The new tokens live on in this process.
    private static func refreshAndSave(
        _ previous: SessionToken, refresh: @Sendable (SessionToken) async -> Result<SessionToken, RemoteError>,
        cachedUser: CachedUser?, into store: any SessionDataStore, stillCurrent: @Sendable () async -> Bool
    ) async -> SharedRefreshOutcome {
        let result = await refresh(previous)
        guard case .success(let issued) = result, await stillCurrent() else {
            return SharedRefreshOutcome(result, saved: false)
        }
        let saved = await SessionStoreWrite.run { () async throws(SessionStoreError) in
            try await store.save(UserSession(token: issued, cachedUser: cachedUser))
        }
        let wasSaved = (try? saved.get()) != nil
        if !wasSaved, let spent = previous.refreshToken, issued.refreshToken != spent {
            _ = await SessionStoreWrite.run { () async throws(SessionStoreError) in try await store.delete() }
        }
        return .refreshed(issued, saved: wasSaved)
    }

    /// Writes `change` (made from what is stored) under the store's lock if
    /// the session stored is still the one this process holds (`held`); no
    /// write and `.endedElsewhere` when another process ended or replaced it.
    /// While the store is not known to hold this session, or cannot be
    /// locked, it is written as a store alone; while another live process
    /// holds the lock, not at all (`.busyElsewhere`).
    @discardableResult
    func writeOverOwnSession(
        _ held: SessionToken, generation: SessionGeneration, failure: SessionStorageProblem,
        _ change: @escaping @Sendable (UserSession?) -> StoredSessionChange
    ) async -> SharedSessionWrite {
        let shared = storedToken.map { $0.isSameSession(as: held) } ?? false
        let store = self.store
        let ledger = signOutLedger
        let outcome = await enqueue { () async -> SharedWriteResult in
            guard await self.isCurrent(generation) else { return SharedWriteResult(.notWritten) }
            if shared {
                do throws(SessionStoreError) {
                    let locked = try await store.exclusively(waitingAtMost: Self.lockWait) {
                        locked -> SharedWriteResult? in
                        if await ledger.isPending() { return nil }
                        let stored = await locked.read()
                        if case .ended = SharedSessionCheck(stored, holding: held) { return nil }
                        return await SharedWriteResult(change(stored.session), into: locked)
                    }
                    guard let locked else { return SharedWriteResult(.endedElsewhere) }
                    return await SharedWriteResult(locked, finishedBy: self, failure: failure)
                } catch {
                    // A live holder: written alone, this could put back a
                    // token it just replaced. Nothing is written. Otherwise
                    // (not lockable at all) on as a store alone, below.
                    if case .busy = error { return SharedWriteResult(.busyElsewhere) }
                }
            }
            let alone = await SharedWriteResult(change(nil), into: store)
            return await SharedWriteResult(alone, finishedBy: self, failure: failure)
        }
        guard generation == self.generation else { return outcome.write }
        switch outcome.write {
        case .written: storedToken = outcome.session?.token
        case .notWritten: storedToken = nil
        case .busyElsewhere: await sayAnotherWindowBusy()
        case .endedElsewhere:
            lastWritten = nil
            storedToken = nil
        }
        return outcome.write
    }
}

/// A write over this process's own session and what it left stored.
struct SharedWriteResult: Sendable {
    var write: SharedSessionWrite
    /// The session written (nil for a delete, or when nothing was written).
    var session: UserSession?
    /// The store's answer, before the outcome is told.
    var stored: Result<Void, SessionStoreError>?

    init(_ write: SharedSessionWrite) {
        self.write = write
    }

    /// Makes `change` in `store`.
    init(_ change: StoredSessionChange, into store: any SessionDataStore) async {
        let outcome = await SessionStoreWrite.run { () async throws(SessionStoreError) in
            try await change.apply(to: store)
        }
        write = (try? outcome.get()) != nil ? .written : .notWritten
        if case .save(let session) = change { self.session = session }
        stored = outcome
    }

    /// `result`, once the repository has told how it went.
    init(_ result: SharedWriteResult, finishedBy repository: UserSessionRepository, failure: SessionStorageProblem)
        async
    {
        self = result
        if let stored = result.stored { _ = await repository.finishWrite(stored, failure: failure) }
    }
}
