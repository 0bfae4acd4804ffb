/// Why the session store could not do what was asked. Never carries the token.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum SessionStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The storage could not be read or written (I/O error, a keychain
    /// still locked, full disk).
    case unavailable(String)
    /// Another holder of the store's lock — another process of the app, or
    /// a transaction of this one — is alive and holds it: the wait ended at
    /// its limit, or at once when that holder is stopped. Nothing changed.
    /// Unlike `.unavailable`, the storage itself is fine and its session
    /// may be being refreshed right now: a caller must not go on as a
    /// store alone (a refresh token the holder sent would be sent twice),
    /// only keep what it read and try again later.
    case busy(SessionLockHolder)
    /// The storage's permissions are unsafe or forbid access.
    case permissions(String)
    /// The session could not be encoded for storage.
    case coding(SessionCodingError)

    /// What went wrong, for messages and logs.
    public var description: String {
        switch self {
        case .unavailable(let reason): return "session storage unavailable: \(reason)"
        case .busy(let holder): return "session storage busy: another holder has its lock (\(holder))"
        case .permissions(let reason): return "session storage permissions: \(reason)"
        case .coding(let error): return "session coding: \(error)"
        }
    }
}

/// What a read of the session store found. Three answers, never two:
/// storage that cannot be read right now is *not* "signed out".
public enum SessionRead: Sendable, Hashable {
    /// A session is stored: this one.
    case found(UserSession)
    /// Nothing is stored: the user is signed out.
    case absent
    /// The storage could not be read; what it holds is unknown. Callers must
    /// not treat this as signed out and must not delete.
    case unavailable(SessionStoreError)
    /// What was stored could not be used as a session (it did not decode, or
    /// was no session file at all) and has just been set aside, never to be
    /// decoded again: nothing usable is stored now, so the user is signed
    /// out — and should be told their saved session could not be read.
    /// `reason` says what was found and where it went; it never holds a secret.
    case setAside(reason: String)
}

/// Keeps the session across launches — the Keychain of the iOS app
/// (Koober's `UserSessionDataStore`). Uses a `SessionCoding` inside.
///
/// Rule for every method and every adapter: operations are atomic with
/// respect to each other — a `read` sees a whole session, old or new, never a
/// mix — and writes are one at a time across every process that shares the
/// storage (`exclusively`).
public protocol SessionDataStore: Sendable {
    /// What is stored. Reading a usable store has no side effect (two reads
    /// in a row agree).
    ///
    /// A stored value that cannot be decoded is set aside (not deleted
    /// silently): the read that finds it returns `.setAside`, and the reads
    /// after it `.absent`.
    ///
    /// - Returns: `.found` with a session equal to the one last saved;
    ///   `.absent` on an empty store or after `delete`; `.setAside` once for
    ///   a stored value that is no session; `.unavailable` — never `.absent`
    ///   — when the storage cannot be reached, and then it deletes nothing.
    func read() async -> SessionRead

    /// Stores `session`, replacing the previous one entirely.
    ///
    /// - Throws: `SessionStoreError` when the storage cannot be written; a
    ///   failed `save` leaves the previous session intact.
    func save(_ session: UserSession) async throws(SessionStoreError)

    /// Removes the stored session: a `read` afterwards returns `.absent`.
    /// Deleting an empty store succeeds.
    ///
    /// - Throws: `SessionStoreError` when the storage cannot be written.
    func delete() async throws(SessionStoreError)

    /// Runs `body` holding the store's exclusive lock, which every process
    /// using the same storage shares: while `body` runs, no other
    /// `exclusively`, `save` or `delete` runs — of this process or of
    /// another. Reads are not held back, and still see whole sessions.
    ///
    /// `body` reads and writes through the store it is given, which holds
    /// the lock already (a `save` or `delete` there does not wait for it;
    /// its own `exclusively` runs at once). That is how a read, a decision
    /// and a write — even one with a network call between them, as a token
    /// refresh — make one transaction: no other writer can come between.
    ///
    /// A store whose waiters can see the holder (the file keychain's lease)
    /// tells them `purpose` too (`SessionLockHolder.purpose`); a store that
    /// cannot name its holder ignores it.
    ///
    /// - Parameters:
    ///   - purpose: what the lock is taken for (a refresh, or a write).
    ///   - limit: the longest wait for the lock (another process may hold
    ///     it, or hang holding it); `body` does not run if it is not taken
    ///     by then.
    ///   - body: the transaction; its outcome is returned.
    /// - Throws: `SessionStoreError.busy` when a live holder kept the lock
    ///   past `limit` (a store that can tell a stopped holder may give up
    ///   sooner, naming it); `.unavailable` when the storage cannot be
    ///   reached to take the lock. Either way `body` has not run and
    ///   nothing changed.
    func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome
}

extension SessionDataStore {
    /// A transaction taken for a write (`SessionLockPurpose.writing`): every
    /// transaction but a refresh's.
    ///
    /// - Parameters:
    ///   - limit: the longest wait for the lock.
    ///   - body: the transaction; its outcome is returned.
    /// - Throws: as `exclusively(for:waitingAtMost:_:)`.
    public func exclusively<Outcome: Sendable>(
        waitingAtMost limit: Duration, _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        try await exclusively(for: .writing, waitingAtMost: limit, body)
    }
}

/// A write's outcome as a value, so it can leave an `exclusively` body
/// (which throws nothing of its own), and a write made under a store's lock.
public enum SessionStoreWrite {
    /// Makes `write` with `store`'s lock held, waiting at most `limit` for
    /// it: how a store whose `save` and `delete` take its own lock writes.
    public static func exclusively(
        in store: any SessionDataStore, waitingAtMost limit: Duration,
        _ write: @escaping @Sendable (any SessionDataStore) async throws(SessionStoreError) -> Void
    ) async throws(SessionStoreError) {
        let outcome = try await store.exclusively(waitingAtMost: limit) { held in
            await run { () async throws(SessionStoreError) in try await write(held) }
        }
        try outcome.get()
    }

    /// Runs `write` and answers how it went.
    public static func run(
        _ write: () async throws(SessionStoreError) -> Void
    ) async -> Result<Void, SessionStoreError> {
        do {
            try await write()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
