import AdapterSupport
import Foundation
public import Ports
import Synchronization

/// A `SessionDataStore` that keeps the session under one key of a
/// `KeyValueTable`, encoded by the `SessionCoding` it is given. How it keeps
/// each promise of the port:
///
/// - A read sees a whole session: every table call runs under one lock.
/// - A table that cannot be read answers `.unavailable`, never `.absent`.
/// - Bytes that do not decode are moved to `<key>.unreadable-<n>`: that read
///   answers `.setAside`, the next ones `.absent`.
/// - Writes take turns (`ExclusiveTurns`): a save or delete waits while a
///   transaction holds the store, for at most `writeWait`.
/// - No error text carries the token: table and coding errors describe
///   themselves without the bytes.
public final class KeyValueSessionStore: SessionDataStore {
    /// The key the session is kept under.
    public let key: String
    /// The coding the session is written and read with.
    public let coding: any SessionCoding
    private let table: any KeyValueTable
    private let state = Mutex(State())
    private let turns = ExclusiveTurns()
    /// How long a plain save or delete waits for a transaction to end.
    public static let writeWait: Duration = .seconds(30)

    private struct State {
        var problems: [SessionCodingError] = []
    }

    /// A store of the session under `key` in `table`, written with `coding`.
    public init(table: any KeyValueTable, coding: any SessionCoding, key: String = "session") {
        self.table = table
        self.coding = coding
        self.key = key
    }

    public func read() async -> SessionRead { readNow() }

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

    /// The table lives in this process, so the lock is this process's.
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

    /// Why each set-aside value could not be decoded, oldest first (never with the token).
    public var problems: [SessionCodingError] { state.withLock { $0.problems } }

    /// Returns once at least `count` writers of this process wait for the
    /// store: how a test knows a contender lined up without a clock.
    public func untilWritersWait(atLeast count: Int) async { await turns.untilWaiting(atLeast: count) }

    /// The store as the holder of its turn sees it: its writes take no turn.
    private struct Held: SessionDataStore {
        let store: KeyValueSessionStore

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
            do throws(KeyValueTableError) {
                stored = try table.value(forKey: key)
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
            do throws(KeyValueTableError) {
                try table.setValue(encoded, forKey: key)
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    private func deleteNow() throws(SessionStoreError) {
        try state.withLock { (_: inout State) throws(SessionStoreError) in
            do throws(KeyValueTableError) {
                try table.removeValue(forKey: key)
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    /// Moves undecodable bytes to a key of their own, then frees the
    /// session's key. If the table refuses either step the read is
    /// `.unavailable` and the bytes stay where they were, to be tried again.
    private func setAside(_ stored: Data, because problem: SessionCodingError, in state: inout State) -> SessionRead {
        do throws(KeyValueTableError) {
            let asideKey = "\(key).unreadable-\(try table.keys().count { $0.hasPrefix("\(key).unreadable-") } + 1)"
            try table.setValue(stored, forKey: asideKey)
            try table.removeValue(forKey: key)
            state.problems.append(problem)
            return .setAside(reason: "the stored session could not be decoded (\(problem)); it was kept as \(asideKey)")
        } catch {
            return .unavailable(.unavailable("could not set an unreadable session aside: \(error)"))
        }
    }
}
