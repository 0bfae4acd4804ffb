public import Ports
import Synchronization

/// `SessionEventSink` in memory: for tests, scripts (`expect event …`) and
/// the headless app's `events` command. Keeps the last `capacity` entries
/// in order; past it, the oldest are dropped. Never fails.
public final class InMemorySessionEventSink: SessionEventSink {
    /// How many entries it keeps unless told otherwise.
    public static let defaultCapacity = 10_000

    private let capacity: Int
    private let kept = Mutex(Ring())

    /// The entries in a ring: once full, each new entry takes the oldest's
    /// place, where dropping the oldest from an array's front moved every
    /// entry kept (10,000 of them, at each event of a long run).
    private struct Ring {
        var slots: [SessionEventEntry] = []
        /// Where the oldest entry is once the ring is full.
        var oldest = 0

        mutating func append(_ entry: SessionEventEntry, capacity: Int) {
            if slots.count < capacity {
                slots.append(entry)
            } else {
                slots[oldest] = entry
                oldest = (oldest + 1) % capacity
            }
        }

        var inOrder: [SessionEventEntry] { Array(slots[oldest...] + slots[..<oldest]) }
    }

    /// A sink that keeps the last `capacity` entries (at least one).
    public init(capacity: Int = InMemorySessionEventSink.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    public func record(_ entry: SessionEventEntry) {
        kept.withLock { $0.append(entry, capacity: capacity) }
    }

    /// The entries kept, oldest first.
    public var entries: [SessionEventEntry] { kept.withLock { $0.inOrder } }

    /// How many entries it keeps now (at most `capacity`), without copying them.
    public var count: Int { kept.withLock { $0.slots.count } }

    /// The events kept, oldest first.
    public var events: [SessionEvent] { entries.map(\.event) }
}
