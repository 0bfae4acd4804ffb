public import Ports

/// What the device's stores repaired, set aside or refused on their own
/// (a store directory open to others made 0700, a hard-linked session file
/// set aside unread, a directory of another user refused), held for the
/// person: each notice is said on every screen from the moment it is
/// collected until the person first acts, then never again — as the
/// preferences' read problem is.
///
/// The stores keep their notices until taken (`StorageNoticeSource`); the
/// app collects them whenever it looks at the screen from outside, after
/// the work of a command has settled.
@MainActor
public final class StorageNotices {
    /// The notices collected and not yet dismissed, oldest first.
    public private(set) var pending: [StorageNotice] = []

    private let sources: [any StorageNoticeSource]

    /// Notices from `sources`, none collected yet.
    ///
    /// - Parameter sources: The stores that keep notices.
    public init(sources: [any StorageNoticeSource]) {
        self.sources = sources
    }

    /// Takes every notice the stores kept since the last call; they are
    /// pending from now on.
    public func collect() {
        for source in sources { pending += source.takeNotices() }
    }

    /// The person has acted on a screen that said the pending notices: they
    /// are not said again.
    public func dismiss() {
        pending = []
    }
}
