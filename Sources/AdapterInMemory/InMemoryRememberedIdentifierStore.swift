public import Ports
import Synchronization

/// A `RememberedIdentifierStore` in memory: lasts as long as the world
/// (across the relaunches of a run, as the in-memory keychain does).
public final class InMemoryRememberedIdentifierStore: RememberedIdentifierStore {
    private let stored: Mutex<String?>

    /// - Parameter identifier: what is remembered at first (a test's
    ///   earlier launch); nothing by default.
    public init(_ identifier: String? = nil) {
        stored = Mutex(identifier.flatMap { Preferences.isUsableIdentifier($0) ? $0 : nil })
    }

    public func read() async -> String? { stored.withLock { $0 } }

    public func remember(_ identifier: String) async throws(SessionStoreError) {
        guard Preferences.isUsableIdentifier(identifier) else {
            throw .unavailable("not an identifier that can be remembered")
        }
        stored.withLock { $0 = identifier }
    }

    public func forget() async throws(SessionStoreError) {
        stored.withLock { $0 = nil }
    }
}
