/// Something a device store found wrong with its storage and dealt with on
/// its own — permissions it made private again, a file it set aside unread,
/// storage it refused to use — for the person to be told once. It never
/// holds a secret: `detail` names files and modes, never what they hold.
public struct StorageNotice: Sendable, Hashable, CustomStringConvertible {
    /// What the store did about what it found.
    public enum Kind: Sendable, Hashable {
        /// The store's directory or one of its files was open to other users
        /// of the machine, and the store made it private again.
        case tightened
        /// A file where the store keeps something was no file it may read
        /// (not a regular file, another name linked to it, another user's, or
        /// no content it can decode), and was moved aside unread.
        case setAside
        /// The store refused to use what it found (a directory that belongs to
        /// another user, a link it will not follow, a file it may neither
        /// remove nor empty without harming another file).
        case refused
    }

    /// What the store did.
    public let kind: Kind
    /// What it found and where, in English, for the screen and the log.
    public let detail: String

    /// A notice.
    ///
    /// - Parameters:
    ///   - kind: What the store did.
    ///   - detail: What it found and where; never a secret.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// The notice as one line, for logs and tests.
    public var description: String { "\(kind): \(detail)" }
}

/// A device store that repairs or refuses what it finds on its own, and keeps
/// a ``StorageNotice`` about each until someone takes it to show the person.
///
/// Rules for every adapter:
/// - Each notice is handed out by ``takeNotices()`` once, oldest first.
/// - A store keeps a bounded number of notices not yet taken; when more
///   come, the oldest are kept and the rest dropped.
/// - Taking notices never touches the storage.
public protocol StorageNoticeSource: Sendable {
    /// The notices not taken yet, oldest first; they are not handed out again.
    func takeNotices() -> [StorageNotice]
}
