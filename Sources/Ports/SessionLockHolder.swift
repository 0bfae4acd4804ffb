public import Foundation

/// Who holds a session store's lock, as a waiter that could not take it
/// sees them (`SessionStoreError.busy`). Nothing here is a secret: a process
/// id and a time.
public struct SessionLockHolder: Sendable, Hashable, CustomStringConvertible {
    /// The holder's process, when the store can tell (the file keychain
    /// writes it into its lock file); nil for a holder in this process, or
    /// a store that cannot name one.
    public var processID: Int32?
    /// Since when it holds the lock, when the store can tell.
    public var since: Date?
    /// Whether the holder is stopped (SIGSTOP, Ctrl-Z, a debugger): alive,
    /// but letting go only once it is continued — so the waiter stopped
    /// waiting at once instead of at its limit.
    public var isStopped: Bool
    /// What the holder took the lock for — a refresh, whose refresh token
    /// it may be sending now, or a write — when the store can tell.
    public var purpose: SessionLockPurpose?

    /// A holder as far as the store can name it.
    ///
    /// - Parameters:
    ///   - processID: the holder's process; nil for one in this process, or unnamed.
    ///   - since: when it took the lock, if known.
    ///   - isStopped: whether it was seen stopped (so the wait ended before its limit).
    ///   - purpose: what it took the lock for, if known.
    public init(
        processID: Int32? = nil, since: Date? = nil, isStopped: Bool = false, purpose: SessionLockPurpose? = nil
    ) {
        self.processID = processID
        self.since = since
        self.isStopped = isStopped
        self.purpose = purpose
    }

    /// "process 4242, since 2026-12-02T20:41:07Z, refreshing, stopped", as much of it as is known.
    public var description: String {
        var parts = [processID.map { "process \($0)" } ?? "a holder in this process or unnamed"]
        if let since { parts.append("since \(since.formatted(.iso8601))") }
        if let purpose { parts.append(purpose.rawValue) }
        parts.append(isStopped ? "stopped" : "running")
        return parts.joined(separator: ", ")
    }
}
