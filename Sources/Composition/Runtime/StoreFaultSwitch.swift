public import Ports
import Synchronization

/// A fault of the device's session store that a script can switch on
/// (`store full`, `store unavailable`, `store ok`), in any environment.
public enum StoreFault: String, Sendable, Hashable, CaseIterable {
    /// The store works.
    case none = "ok"
    /// No space left: saves fail; reads and deletes work.
    case full
    /// The store cannot be reached (a locked keychain): reads, saves and
    /// deletes all fail.
    case unavailable
}

/// The session store the app uses: the adapter the environment chose, behind
/// a fault switch that a script flips. It does nothing unless a script asks
/// (`StoreFault.none` at first), and it works at the port, so it behaves the
/// same in front of the in-memory store and the file keychain — whatever the
/// file system would allow (a test run as root ignores file permissions).
public final class StoreFaultSwitch: SessionDataStore {
    private let wrapped: any SessionDataStore
    private let fault = Mutex(StoreFault.none)

    public init(_ wrapped: any SessionDataStore) {
        self.wrapped = wrapped
    }

    /// The fault now in force.
    public var current: StoreFault { fault.withLock { $0 } }

    /// Puts `newFault` in force for every operation from now on.
    public func set(_ newFault: StoreFault) {
        fault.withLock { $0 = newFault }
    }

    // MARK: SessionDataStore

    public func read() async -> SessionRead {
        await Self.read(wrapped, under: current)
    }

    public func save(_ session: UserSession) async throws(SessionStoreError) {
        try await Self.save(session, in: wrapped, under: current)
    }

    public func delete() async throws(SessionStoreError) {
        try await Self.delete(wrapped, under: current)
    }

    /// A locked store takes no lock either; the transaction's own reads and
    /// writes meet the fault in force when each runs.
    public func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        if current == .unavailable { throw .unavailable("the storage is locked") }
        return try await wrapped.exclusively(for: purpose, waitingAtMost: limit) { held in
            await body(Held(held: held, faults: self))
        }
    }

    /// The wrapped store's holder of the lock, behind the same switch.
    private struct Held: SessionDataStore {
        let held: any SessionDataStore
        let faults: StoreFaultSwitch

        func read() async -> SessionRead { await StoreFaultSwitch.read(held, under: faults.current) }

        func save(_ session: UserSession) async throws(SessionStoreError) {
            try await StoreFaultSwitch.save(session, in: held, under: faults.current)
        }

        func delete() async throws(SessionStoreError) {
            try await StoreFaultSwitch.delete(held, under: faults.current)
        }

        func exclusively<Outcome: Sendable>(
            for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
            _ body: @Sendable (any SessionDataStore) async -> Outcome
        ) async throws(SessionStoreError) -> Outcome {
            await body(self)
        }
    }

    private static func read(_ store: any SessionDataStore, under fault: StoreFault) async -> SessionRead {
        if fault == .unavailable { return .unavailable(.unavailable("the storage is locked")) }
        return await store.read()
    }

    private static func save(
        _ session: UserSession, in store: any SessionDataStore, under fault: StoreFault
    ) async throws(SessionStoreError) {
        switch fault {
        case .none: try await store.save(session)
        case .full: throw .unavailable("no space left on the device")
        case .unavailable: throw .unavailable("the storage is locked")
        }
    }

    private static func delete(_ store: any SessionDataStore, under fault: StoreFault) async throws(SessionStoreError) {
        if fault == .unavailable { throw .unavailable("the storage is locked") }
        try await store.delete()
    }
}
