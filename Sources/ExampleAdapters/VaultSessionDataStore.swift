import AdapterSupport
import Foundation
public import Ports
import Synchronization

/// A `SessionDataStore` that keeps the session in a `SecretVault` — the
/// example adapter of the "Adding an adapter" guide.
///
/// The session is encoded by the `SessionCoding` it is given and stored under
/// one name. The port's promises, and how this adapter keeps each:
///
/// - A read sees a whole session: every operation runs under one lock, so a
///   read never falls between the two vault calls of another operation.
/// - A vault that cannot be read answers `.unavailable`, never `.absent`, and
///   nothing is deleted.
/// - Bytes that do not decode are set aside under `<name>.corrupt-<n>` (not
///   deleted silently): that read answers `.setAside`, the next ones `.absent`.
/// - A failed `save` or `delete` leaves what was stored as it was.
/// - Writes take turns: a save or delete waits while a transaction
///   (`exclusively`) holds the store, for at most `writeWait`.
/// - No error text carries the token: vault and coding errors describe
///   themselves without the bytes.
public final class VaultSessionDataStore: SessionDataStore {
    /// Where the session is kept in the vault.
    public let secretName: String
    /// The coding the session is written and read with.
    public let coding: any SessionCoding
    private let vault: any SecretVault
    private let state = Mutex(State())
    private let turns = ExclusiveTurns()
    /// How long a plain save or delete waits for a transaction to end.
    public static let writeWait: Duration = .seconds(30)

    private struct State {
        var setAsideCount = 0
        var problems: [SessionCodingError] = []
    }

    public init(vault: any SecretVault, coding: any SessionCoding, secretName: String = "gatehouse.session") {
        self.vault = vault
        self.coding = coding
        self.secretName = secretName
    }

    public func read() async -> SessionRead {
        readNow()
    }

    public func save(_ session: UserSession) async throws(SessionStoreError) {
        try await SessionStoreWrite.exclusively(in: self, waitingAtMost: Self.writeWait) {
            held throws(SessionStoreError) in try await held.save(session)
        }
    }

    public func delete() async throws(SessionStoreError) {
        try await SessionStoreWrite.exclusively(in: self, waitingAtMost: Self.writeWait) {
            held throws(SessionStoreError) in try await held.delete()
        }
    }

    /// The vault lives in this process, so the lock is this process's: its
    /// tasks take turns (`ExclusiveTurns`). A vault shared by processes (a
    /// real keychain) would add its own lock here.
    public func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        guard await turns.take(waitingAtMost: limit) else {
            throw .busy(SessionLockHolder())  // a live holder: this process's own transaction
        }
        defer { turns.release() }
        return await body(Held(store: self))
    }

    /// The store as the holder of its turn sees it.
    private struct Held: SessionDataStore {
        let store: VaultSessionDataStore

        func read() async -> SessionRead { store.readNow() }
        func save(_ session: UserSession) async throws(SessionStoreError) { try store.saveNow(session) }
        func delete() async throws(SessionStoreError) { try store.deleteNow() }
        func exclusively<Outcome: Sendable>(
            for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
            _ body: @Sendable (any SessionDataStore) async -> Outcome
        ) async throws(SessionStoreError) -> Outcome {
            await body(self)
        }
    }

    private func readNow() -> SessionRead {
        state.withLock { state -> SessionRead in
            let stored: Data?
            do throws(SecretVaultError) {
                stored = try vault.secret(named: secretName)
            } catch {
                return .unavailable(.unavailable(error.description))
            }
            guard let stored else { return .absent }
            do throws(SessionCodingError) {
                return .found(try coding.decode(stored))
            } catch {
                return setAside(stored, because: error, in: &state)
            }
        }
    }

    private func saveNow(_ session: UserSession) throws(SessionStoreError) {
        let encoded: Data
        do {
            encoded = try coding.encode(session)
        } catch {
            throw .coding(error)
        }
        try state.withLock { (_: inout State) throws(SessionStoreError) in
            do throws(SecretVaultError) {
                try vault.store(encoded, named: secretName)
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    private func deleteNow() throws(SessionStoreError) {
        try state.withLock { (_: inout State) throws(SessionStoreError) in
            do throws(SecretVaultError) {
                try vault.remove(named: secretName)
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    /// Why each set-aside value could not be decoded, oldest first (never
    /// with the token).
    public var problems: [SessionCodingError] { state.withLock { $0.problems } }

    /// Returns once at least `count` writers of this process wait for the
    /// store (or the calling task is cancelled): how a test knows a
    /// contender has lined up without watching a clock.
    public func untilWritersWait(atLeast count: Int) async { await turns.untilWaiting(atLeast: count) }

    /// Moves undecodable bytes to a name of their own, then frees the
    /// session's name. If the vault refuses either step the read is
    /// `.unavailable` and the bytes stay where they were, to be tried again.
    private func setAside(_ stored: Data, because problem: SessionCodingError, in state: inout State) -> SessionRead {
        let asideName = "\(secretName).corrupt-\(state.setAsideCount + 1)"
        do throws(SecretVaultError) {
            try vault.store(stored, named: asideName)
            try vault.remove(named: secretName)
        } catch {
            return .unavailable(.unavailable("could not set an unreadable session aside: \(error)"))
        }
        state.setAsideCount += 1
        state.problems.append(problem)
        return .setAside(reason: "the stored session could not be decoded (\(problem)); it was kept as \(asideName)")
    }
}
