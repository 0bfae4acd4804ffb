public import Foundation
import Synchronization

/// A `SecretVault` in memory: to try `VaultSessionDataStore` without a real
/// vault, and to make it fail on purpose in its contract suite.
///
/// Switches: `isLocked` (nothing can be read or changed, as a locked
/// keychain), `isReadOnly` (reads work, changes are refused), and `plant`
/// (put any bytes under a name, whatever the switches say).
public final class InMemorySecretVault: SecretVault {
    private struct State {
        var secrets: [String: Data] = [:]
        var isLocked = false
        var isReadOnly = false
    }

    private let state = Mutex(State())

    public init() {}

    public func secret(named name: String) throws(SecretVaultError) -> Data? {
        try state.withLock { (state) throws(SecretVaultError) -> Data? in
            if state.isLocked { throw .unavailable("the vault is locked") }
            return state.secrets[name]
        }
    }

    public func store(_ secret: Data, named name: String) throws(SecretVaultError) {
        try state.withLock { (state) throws(SecretVaultError) in
            try Self.checkWritable(state)
            state.secrets[name] = secret
        }
    }

    public func remove(named name: String) throws(SecretVaultError) {
        try state.withLock { (state) throws(SecretVaultError) in
            try Self.checkWritable(state)
            state.secrets[name] = nil
        }
    }

    private static func checkWritable(_ state: State) throws(SecretVaultError) {
        if state.isLocked { throw .unavailable("the vault is locked") }
        if state.isReadOnly { throw .writeRefused("the vault is read-only") }
    }

    // MARK: Switches

    /// While on, every call throws `.unavailable`; what is stored stays.
    public var isLocked: Bool {
        get { state.withLock { $0.isLocked } }
        set { state.withLock { $0.isLocked = newValue } }
    }

    /// While on, reads work and every change throws `.writeRefused`.
    public var isReadOnly: Bool {
        get { state.withLock { $0.isReadOnly } }
        set { state.withLock { $0.isReadOnly = newValue } }
    }

    /// Puts `secret` under `name` as something else would have.
    public func plant(_ secret: Data, named name: String) {
        state.withLock { $0.secrets[name] = secret }
    }

    /// The names that hold a secret, sorted.
    public var names: [String] { state.withLock { $0.secrets.keys.sorted() } }
}
