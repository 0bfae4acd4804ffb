import Synchronization

/// The language the person reads now, for what an adapter shows outside the
/// app's screens: the page the browser shows when a sign-in comes back to
/// the app is one. The app sets it at each launch and whenever the person
/// chooses another language; an adapter reads it when it needs it, never
/// once at its making (the language can change while it lives).
public final class PersonsLanguage: Sendable {
    private let language: Mutex<PreferredLanguage>

    /// Starts at `language`, until the app says otherwise.
    public init(_ language: PreferredLanguage) {
        self.language = Mutex(language)
    }

    /// The language now.
    public var now: PreferredLanguage { language.withLock { $0 } }

    /// The person reads `language` from now on.
    public func set(_ language: PreferredLanguage) {
        self.language.withLock { $0 = language }
    }
}
