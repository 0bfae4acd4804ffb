import Synchronization

/// The language the person reads now, for what an adapter shows outside the
/// app's screens: the page the browser shows when a sign-in comes back to
/// the app is one. It is the language chosen on the profile screen, else
/// the run's — unless the run pins its own (`--locale`) — as the app's
/// screens speak it. The app tells it both at each launch and after each
/// choice; an adapter reads ``now`` when it needs it, never once at its
/// making (the language can change while the adapter lives).
public final class PersonsLanguage: Sendable {
    private struct Languages {
        var run: PreferredLanguage
        var pinned = false
        var chosen: PreferredLanguage?
    }

    private let languages: Mutex<Languages>

    /// The run's language, none chosen yet.
    public init(_ language: PreferredLanguage) {
        languages = Mutex(Languages(run: language))
    }

    /// The language now.
    public var now: PreferredLanguage {
        languages.withLock { $0.pinned ? $0.run : $0.chosen ?? $0.run }
    }

    /// The run's language, and whether it wins over a choice (a launch).
    public func setRun(_ language: PreferredLanguage, pinned: Bool) {
        languages.withLock {
            $0.run = language
            $0.pinned = pinned
        }
    }

    /// The person chose `language` on the profile screen (nil: the run's).
    public func choose(_ language: PreferredLanguage?) {
        languages.withLock { $0.chosen = language }
    }
}
