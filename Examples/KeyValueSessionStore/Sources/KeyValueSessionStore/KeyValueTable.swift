public import Foundation

/// What a key-value table refuses: it is offline, or it takes no writes.
public enum KeyValueTableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The table can be neither read nor written.
    case offline
    /// The table can be read, not written.
    case readOnly

    public var description: String {
        switch self {
        case .offline: "the table is offline"
        case .readOnly: "the table takes no writes"
        }
    }
}

/// A table of byte values by key: the storage the store is written for
/// (an app's settings database, a keychain's generic items). Its errors
/// never hold a value.
public protocol KeyValueTable: Sendable {
    /// The value under `key`, or nil when there is none.
    func value(forKey key: String) throws(KeyValueTableError) -> Data?
    /// Puts `value` under `key`, replacing what was there.
    func setValue(_ value: Data, forKey key: String) throws(KeyValueTableError)
    /// Removes the value under `key`; removing a key that holds nothing succeeds.
    func removeValue(forKey key: String) throws(KeyValueTableError)
    /// Every key that holds a value.
    func keys() throws(KeyValueTableError) -> [String]
}
