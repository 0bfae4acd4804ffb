public import Foundation

/// Why a secret vault could not do what was asked. Never carries a secret.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum SecretVaultError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The vault cannot be reached or read right now (locked, its service down).
    case unavailable(String)
    /// The vault can be read but refused a change (read-only, full, denied).
    case writeRefused(String)

    public var description: String {
        switch self {
        case .unavailable(let reason): return "secret vault unavailable: \(reason)"
        case .writeRefused(let reason): return "secret vault refused the write: \(reason)"
        }
    }
}

/// A store of small secrets by name: the shape of the iOS Keychain's
/// generic-password items, of libsecret on a Linux desktop, or of a cloud
/// secrets manager. `VaultSessionDataStore` keeps the session in one.
///
/// Each call is synchronous, as `SecItemCopyMatching` and its siblings are,
/// and each is atomic on its own; nothing is promised across two calls.
public protocol SecretVault: Sendable {
    /// The secret stored under `name`, or nil when there is none.
    ///
    /// - Throws: `.unavailable` when the vault cannot be read now; then what it
    ///   holds is unknown.
    func secret(named name: String) throws(SecretVaultError) -> Data?

    /// Stores `secret` under `name`, replacing what was there.
    ///
    /// - Throws: a `SecretVaultError` when nothing was changed.
    func store(_ secret: Data, named name: String) throws(SecretVaultError)

    /// Removes the secret under `name`; removing a name with nothing under it
    /// succeeds.
    ///
    /// - Throws: a `SecretVaultError` when nothing was changed.
    func remove(named name: String) throws(SecretVaultError)
}
