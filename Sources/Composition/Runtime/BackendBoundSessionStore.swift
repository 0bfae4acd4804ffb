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
/// finds the store empty or holding this backend's session again. A write
/// before any read (a launch that finishes a pending sign-out deletes
/// first) reads the store first, so it too never removes or replaces
/// another backend's session. With the
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
    /// What the last read found: nothing yet, nothing of another backend,
    /// or another backend's session (why writes are refused).
    private let found = Mutex(Found.unchecked)

    private enum Found {
        case unchecked
        case nothingForeign
        case foreign(reason: String)
    }

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
        try await refuseWhileForeign(reading: wrapped)
        try await wrapped.save(bound(session))
    }

    public func delete() async throws(SessionStoreError) {
        try await refuseWhileForeign(reading: wrapped)
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
            try await binding.refuseWhileForeign(reading: held)
            try await held.save(binding.bound(session))
        }

        func delete() async throws(SessionStoreError) {
            try await binding.refuseWhileForeign(reading: held)
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
                found.withLock { $0 = .foreign(reason: reason) }
                return .unavailable(.unavailable(reason))
            }
            found.withLock { $0 = .nothingForeign }
            session.backend = nil
            return .found(session)
        case .absent, .setAside:
            found.withLock { $0 = .nothingForeign }
            return read
        case .unavailable:
            return read
        }
    }

    /// Refuses a write while another backend's session is stored; reads
    /// `store` first when nothing was read yet.
    private func refuseWhileForeign(reading store: any SessionDataStore) async throws(SessionStoreError) {
        if case .unchecked = found.withLock({ $0 }) { _ = checked(await store.read()) }
        if case .foreign(let reason) = found.withLock({ $0 }) { throw .unavailable(reason) }
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
