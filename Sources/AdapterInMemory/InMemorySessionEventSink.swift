public import Ports
import Synchronization

/// `SessionEventSink` in memory: for tests, scripts (`expect event …`) and
/// the headless app's `events` command. Keeps the last `capacity` entries
/// in order; past it, the oldest are dropped. Never fails.
public final class InMemorySessionEventSink: SessionEventSink {
    /// How many entries it keeps unless told otherwise.
    public static let defaultCapacity = 10_000

    private let capacity: Int
    private let kept = Mutex<[SessionEventEntry]>([])

    /// A sink that keeps the last `capacity` entries (at least one).
    public init(capacity: Int = InMemorySessionEventSink.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    public func record(_ entry: SessionEventEntry) {
        kept.withLock { entries in
            entries.append(entry)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }

    /// The entries kept, oldest first.
    public var entries: [SessionEventEntry] { kept.withLock { $0 } }

    /// The events kept, oldest first.
    public var events: [SessionEvent] { entries.map(\.event) }
}
