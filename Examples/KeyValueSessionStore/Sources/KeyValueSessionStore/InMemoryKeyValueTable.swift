public import Foundation
import Synchronization

/// A `KeyValueTable` in memory, with the switches a test throws: offline,
/// read-only.
public final class InMemoryKeyValueTable: KeyValueTable {
    private struct State {
        var values: [String: Data] = [:]
        var isOffline = false
        var isReadOnly = false
    }

    private let state = Mutex(State())

    /// An empty table, online and writable.
    public init() {}

    /// On: every call fails as offline.
    public func setOffline(_ on: Bool) { state.withLock { $0.isOffline = on } }
    /// On: reads work, writes fail as read-only.
    public func setReadOnly(_ on: Bool) { state.withLock { $0.isReadOnly = on } }

    public func value(forKey key: String) throws(KeyValueTableError) -> Data? {
        try state.withLock { (state: inout State) throws(KeyValueTableError) -> Data? in
            guard !state.isOffline else { throw .offline }
            return state.values[key]
        }
    }

    public func setValue(_ value: Data, forKey key: String) throws(KeyValueTableError) {
        try write { $0[key] = value }
    }

    public func removeValue(forKey key: String) throws(KeyValueTableError) {
        try write { $0[key] = nil }
    }

    public func keys() throws(KeyValueTableError) -> [String] {
        try state.withLock { (state: inout State) throws(KeyValueTableError) -> [String] in
            guard !state.isOffline else { throw .offline }
            return Array(state.values.keys)
        }
    }

    /// Puts `value` under `key` whatever the switches say: what something
    /// else writing to the table would leave there.
    public func plant(_ value: Data, forKey key: String) {
        state.withLock { $0.values[key] = value }
    }

    /// Every key that holds a value, whatever the switches say: what a test
    /// sees looking into the table itself.
    public var storedKeys: [String] { state.withLock { Array($0.values.keys) } }

    private func write(_ change: (inout [String: Data]) -> Void) throws(KeyValueTableError) {
        try state.withLock { (state: inout State) throws(KeyValueTableError) in
            guard !state.isOffline else { throw .offline }
            guard !state.isReadOnly else { throw .readOnly }
            change(&state.values)
        }
    }
}
