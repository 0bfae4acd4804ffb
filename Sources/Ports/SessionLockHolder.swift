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

    public init(processID: Int32? = nil, since: Date? = nil, isStopped: Bool = false) {
        self.processID = processID
        self.since = since
        self.isStopped = isStopped
    }

    /// "process 4242, since 2026-12-02T20:41:07Z, stopped", as much of it as is known.
    public var description: String {
        var parts = [processID.map { "process \($0)" } ?? "a holder in this process or unnamed"]
        if let since { parts.append("since \(since.formatted(.iso8601))") }
        parts.append(isStopped ? "stopped" : "running")
        return parts.joined(separator: ", ")
    }
}
