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
        if current == .unavailable { return .unavailable(.unavailable("the storage is locked")) }
        return await wrapped.read()
    }

    public func save(_ session: UserSession) async throws(SessionStoreError) {
        switch current {
        case .none: try await wrapped.save(session)
        case .full: throw .unavailable("no space left on the device")
        case .unavailable: throw .unavailable("the storage is locked")
        }
    }

    public func delete() async throws(SessionStoreError) {
        if current == .unavailable { throw .unavailable("the storage is locked") }
        try await wrapped.delete()
    }
}
