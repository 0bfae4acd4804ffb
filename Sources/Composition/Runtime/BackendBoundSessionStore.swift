public import Ports
import Synchronization

/// The session store an app uses, bound to the one backend its remote
/// adapters reach (`SessionBackend`): every session it saves names that
/// backend, and a stored session that names another one — or none, as one
/// stored before sessions named their backend — is never handed to the app,
/// so its tokens are never sent to a backend that did not issue them.
///
/// Such a session is kept, not deleted: a read answers `.unavailable` with
/// the reason, and saves and deletes are refused (saying why) until a read
/// finds the store empty or holding this backend's session again. With the
/// file keychain this happens only when files are copied by hand, since
/// each backend has a folder of its own (`FileKeychainPlugins.directory`);
/// a store with one slot for every backend (a team's own) meets it whenever
/// two backends share it, and keeps the first one's session.
///
/// A session read here is handed on without its backend (the binding has
/// checked it), so the domain compares sessions as it always did.
public final class BackendBoundSessionStore: SessionDataStore {
    /// The backend this app's tokens come from and go to.
    public let backend: SessionBackend
    private let wrapped: any SessionDataStore
    /// Why writes are refused: set by a read that found another backend's
    /// session, cleared by a read that found none or this backend's.
    private let refusal = Mutex<String?>(nil)

    /// - Parameters:
    ///   - wrapped: the store the environment chose.
    ///   - backend: the backend the app's remote adapters reach.
    public init(_ wrapped: any SessionDataStore, backend: SessionBackend) {
        self.wrapped = wrapped
        self.backend = backend
    }

    public func read() async -> SessionRead {
        await checked(wrapped.read())
    }

    public func save(_ session: UserSession) async throws(SessionStoreError) {
        try refuseWhileForeign()
        try await wrapped.save(bound(session))
    }

    public func delete() async throws(SessionStoreError) {
        try refuseWhileForeign()
        try await wrapped.delete()
    }

    public func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        try await wrapped.exclusively(for: purpose, waitingAtMost: limit) { held in
            await body(Held(held: held, binding: self))
        }
    }

    /// The wrapped store's holder of the lock, behind the same binding.
    private struct Held: SessionDataStore {
        let held: any SessionDataStore
        let binding: BackendBoundSessionStore

        func read() async -> SessionRead { await binding.checked(held.read()) }

        func save(_ session: UserSession) async throws(SessionStoreError) {
            try binding.refuseWhileForeign()
            try await held.save(binding.bound(session))
        }

        func delete() async throws(SessionStoreError) {
            try binding.refuseWhileForeign()
            try await held.delete()
        }

        func exclusively<Outcome: Sendable>(
            for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
            _ body: @Sendable (any SessionDataStore) async -> Outcome
        ) async throws(SessionStoreError) -> Outcome {
            await body(self)
        }
    }

    private func bound(_ session: UserSession) -> UserSession {
        var session = session
        session.backend = backend
        return session
    }

    private func checked(_ read: SessionRead) -> SessionRead {
        switch read {
        case .found(var session):
            guard session.backend == backend else {
                let reason = Self.refusalReason(storedBy: session.backend)
                refusal.withLock { $0 = reason }
                return .unavailable(.unavailable(reason))
            }
            refusal.withLock { $0 = nil }
            session.backend = nil
            return .found(session)
        case .absent, .setAside:
            refusal.withLock { $0 = nil }
            return read
        case .unavailable:
            return read
        }
    }

    private func refuseWhileForeign() throws(SessionStoreError) {
        if let reason = refusal.withLock({ $0 }) { throw .unavailable(reason) }
    }

    /// Names the other backend by its folder name only: its text may hold
    /// a host a person did not choose to show here.
    static func refusalReason(storedBy other: SessionBackend?) -> String {
        guard let other else {
            return "the saved session does not name the backend that issued it (it was saved by an earlier "
                + "version); it is kept, and its tokens are not sent to this backend"
        }
        return "the saved session belongs to another backend (\(other.folderName)); it is kept, and its "
            + "tokens are not sent to this backend"
    }
}
