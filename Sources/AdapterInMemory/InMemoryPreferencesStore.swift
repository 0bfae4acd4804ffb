public import Ports
import Synchronization

/// A `PreferencesStore` that keeps the preferences in memory, for a run.
///
/// Switches for tests: `simulateUnreadable` (reads answer the defaults and
/// the problem, every time), `simulateWriteFailure` (saves throw, as with a
/// full disk) and `plantUnusableContent` (what a newer app or a broken
/// write would leave: the next read sets it aside and says so, once).
///
/// Each operation runs under one lock, so a read sees whole preferences.
public final class InMemoryPreferencesStore: PreferencesStore {
    private enum Stored {
        case preferences(Preferences)
        /// Content that is no preferences of this format, and why.
        case unusable(String)
    }

    private struct State {
        var stored: Stored?
        var setAsideCount = 0
        var unreadable = false
        var writesFail = false
        var saveCount = 0
    }

    private let state = Mutex(State())

    /// An empty store: reads answer the defaults.
    public init() {}

    // MARK: PreferencesStore

    public func read() async -> PreferencesRead {
        state.withLock { state in
            if state.unreadable {
                return PreferencesRead(
                    preferences: .defaults, problem: .unreadable(reason: "simulated: the storage cannot be read"))
            }
            switch state.stored {
            case nil:
                return PreferencesRead(preferences: .defaults)
            case .preferences(let preferences):
                return PreferencesRead(preferences: preferences)
            case .unusable(let why):
                state.stored = nil
                state.setAsideCount += 1
                return PreferencesRead(
                    preferences: .defaults, problem: .setAside(reason: "\(why); it was set aside"))
            }
        }
    }

    public func save(_ preferences: Preferences) async throws(PreferencesStoreError) {
        try state.withLock { (state) throws(PreferencesStoreError) in
            state.saveCount += 1
            if state.unreadable { throw .unavailable("simulated: the storage cannot be written") }
            if state.writesFail { throw .unavailable("simulated: the write failed") }
            state.stored = .preferences(preferences)
        }
    }

    // MARK: Switches for tests

    /// While on, reads answer the defaults with an `.unreadable` problem and
    /// saves throw; what is stored stays as it is.
    public func simulateUnreadable(_ on: Bool = true) {
        state.withLock { $0.unreadable = on }
    }

    /// While on, reads work but saves throw `.unavailable` and change nothing.
    public func simulateWriteFailure(_ on: Bool = true) {
        state.withLock { $0.writesFail = on }
    }

    /// Puts content that is no preferences where they are kept (`why` says
    /// what it is, as a file adapter would: "a newer format version", …).
    /// Works whatever the switches say.
    public func plantUnusableContent(_ why: String) {
        state.withLock { $0.stored = .unusable(why) }
    }

    // MARK: Inspection

    /// The preferences stored, if usable ones are.
    public var storedPreferences: Preferences? {
        state.withLock { state in
            if case .preferences(let preferences) = state.stored { return preferences }
            return nil
        }
    }

    /// How many times unusable content was set aside.
    public var setAsideCount: Int { state.withLock { $0.setAsideCount } }

    /// How many times `save` was called, failed calls included.
    public var saveCount: Int { state.withLock { $0.saveCount } }
}
