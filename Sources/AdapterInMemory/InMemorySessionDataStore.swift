import AdapterSupport
public import Foundation
public import Ports
import Synchronization

/// A `SessionDataStore` that keeps the session's *encoded bytes* in memory, as
/// the Keychain keeps a data item: every save goes through the `SessionCoding`
/// it was given, and a read decodes the bytes stored, so the coding's paths
/// run in tests. Bytes are decoded once: the store remembers which session
/// the bytes it holds stand for — the one it encoded them from, or decoded
/// them into at an earlier read — and a read of those same bytes answers
/// that session (a signed-in day reads the session at every refresh; a
/// coding gives back what it encoded, as `SessionCoding`'s contract suite
/// checks for each coding). Bytes put there any other way (`plantRawData`)
/// are decoded at the next read.
///
/// Switches for tests: `simulateUnavailable` (nothing can be read or
/// written), `simulateWriteFailure` (reads work, writes throw, as with a full
/// disk) and `plantRawData` (put any bytes where the session lives). Bytes
/// that cannot be decoded are set aside in `setAsideData` — the in-memory
/// `….corrupt-N` file — reported in `problems`, and that read answers
/// `.setAside` (the next ones `.absent`).
///
/// Each operation runs under one lock, so a read sees a whole session, old or
/// new, never a mix. Writes take turns (`ExclusiveTurns`): a save or delete
/// waits while a transaction (`exclusively`) runs, so one store shared by two
/// app graphs in a test behaves as a file shared by two processes.
public final class InMemorySessionDataStore: SessionDataStore {
    private struct State {
        var storedData: Data?
        /// The session `storedData` stands for, when known, beside the very
        /// bytes it stands for: a read of those bytes needs no decoding.
        var known: (data: Data, session: UserSession)?
        var setAsideData: [Data] = []
        var problems: [SessionCodingError] = []
        var unavailable = false
        var writesFail = false
        var readCount = 0
        var saveCount = 0
        var deleteCount = 0
    }

    /// The coding the bytes are written and read with.
    public let coding: any SessionCoding
    private let state = Mutex(State())
    private let turns = ExclusiveTurns()
    /// How long a plain save or delete waits for a transaction to end.
    public static let writeWait: Duration = .seconds(30)

    public init(coding: any SessionCoding = InMemorySessionCoding()) {
        self.coding = coding
    }

    // MARK: SessionDataStore

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

    public func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        if state.withLock({ $0.unavailable }) { throw .unavailable("simulated: the storage cannot be reached") }
        guard await turns.take(waitingAtMost: limit) else {
            throw .busy(SessionLockHolder())  // a live holder: this process's own transaction
        }
        defer { turns.release() }
        return await body(Held(store: self))
    }

    /// The store as the holder of its turn sees it: the same operations,
    /// without waiting for the turn it already has.
    private struct Held: SessionDataStore {
        let store: InMemorySessionDataStore

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
            state.readCount += 1
            if state.unavailable { return .unavailable(.unavailable("simulated: the storage cannot be read")) }
            guard let data = state.storedData else { return .absent }
            if let known = state.known, known.data == data { return .found(known.session) }
            do throws(SessionCodingError) {
                let session = try coding.decode(data)
                state.known = (data, session)
                return .found(session)
            } catch {
                state.storedData = nil
                state.setAsideData.append(data)
                state.problems.append(error)
                return .setAside(reason: "the stored session could not be decoded (\(error)); it was set aside")
            }
        }
    }

    private func saveNow(_ session: UserSession) throws(SessionStoreError) {
        let data: Data
        do {
            data = try coding.encode(session)
        } catch {
            throw .coding(error)
        }
        try state.withLock { (state) throws(SessionStoreError) in
            state.saveCount += 1
            try Self.checkWritable(state)
            state.storedData = data
            state.known = (data, session)
        }
    }

    private func deleteNow() throws(SessionStoreError) {
        try state.withLock { (state) throws(SessionStoreError) in
            state.deleteCount += 1
            try Self.checkWritable(state)
            state.storedData = nil
            state.known = nil
        }
    }

    private static func checkWritable(_ state: State) throws(SessionStoreError) {
        if state.unavailable { throw .unavailable("simulated: the storage cannot be written") }
        if state.writesFail { throw .unavailable("simulated: the write failed") }
    }

    // MARK: Switches for tests

    /// While on, `read` returns `.unavailable` and `save`/`delete` throw
    /// `.unavailable`; the stored bytes stay as they are.
    public func simulateUnavailable(_ on: Bool = true) {
        state.withLock { $0.unavailable = on }
    }

    /// While on, reads work but `save` and `delete` throw `.unavailable` and
    /// change nothing (a full disk, a locked item).
    public func simulateWriteFailure(_ on: Bool = true) {
        state.withLock { $0.writesFail = on }
    }

    /// Puts `data` where the session is kept, as if written by something else
    /// (a corrupt item, an older or newer app). Works whatever the switches say.
    public func plantRawData(_ data: Data) {
        state.withLock { $0.storedData = data }
    }

    // MARK: Inspection

    /// Whether bytes are stored (whether or not they decode).
    public var hasStoredData: Bool { state.withLock { $0.storedData != nil } }

    /// The stored bytes, exactly as the coding wrote them.
    public var storedData: Data? { state.withLock { $0.storedData } }

    /// Undecodable bytes a read moved aside, oldest first.
    public var setAsideData: [Data] { state.withLock { $0.setAsideData } }

    /// Why each set-aside value could not be decoded, oldest first. The errors
    /// never carry the token.
    public var problems: [SessionCodingError] { state.withLock { $0.problems } }

    /// The most recent problem reported.
    public var lastProblem: SessionCodingError? { state.withLock { $0.problems.last } }

    /// How many times each operation was called, failed calls included.
    public var readCount: Int { state.withLock { $0.readCount } }
    public var saveCount: Int { state.withLock { $0.saveCount } }
    public var deleteCount: Int { state.withLock { $0.deleteCount } }

    /// Returns once at least `count` writers of this process wait for the
    /// store (or the calling task is cancelled): how a test knows a
    /// contender has lined up without watching a clock.
    public func untilWritersWait(atLeast count: Int) async { await turns.untilWaiting(atLeast: count) }
}
