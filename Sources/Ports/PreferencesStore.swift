/// Why the preferences could not be saved. Never carries a preference's value.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum PreferencesStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The storage could not be written (I/O error, permissions, full disk).
    case unavailable(String)

    /// What went wrong, for messages and logs.
    public var description: String {
        switch self {
        case .unavailable(let reason): "preferences storage unavailable: \(reason)"
        }
    }
}

/// Why a read fell back to the defaults. `reason` says what was found and,
/// for set-aside content, where it went; it never holds a preference's value.
public enum PreferencesProblem: Sendable, Hashable, CustomStringConvertible {
    /// The storage could not be read right now (permissions, I/O error);
    /// nothing was moved, so the next read tries again and says so again.
    case unreadable(reason: String)
    /// What was stored could not be used as preferences (not the format,
    /// a value out of range, a newer format version, too large, not a file)
    /// and has just been set aside: the reads after this one find nothing
    /// stored and report no problem.
    case setAside(reason: String)

    /// What was found, for messages and logs.
    public var description: String {
        switch self {
        case .unreadable(let reason): "the preferences could not be read: \(reason)"
        case .setAside(let reason): "the stored preferences could not be used: \(reason)"
        }
    }
}

/// What a read of the preferences found: the preferences to use, and a
/// problem to show the person when they are the defaults because what was
/// stored could not be used.
public struct PreferencesRead: Sendable, Hashable {
    /// The stored preferences, or ``Preferences/defaults`` when nothing usable is stored.
    public let preferences: Preferences
    /// Why ``preferences`` are the defaults although something was stored;
    /// nil when nothing went wrong.
    public let problem: PreferencesProblem?

    /// A read's answer.
    ///
    /// - Parameters:
    ///   - preferences: What to use.
    ///   - problem: Why they are the defaults, when something went wrong.
    public init(preferences: Preferences, problem: PreferencesProblem? = nil) {
        self.preferences = preferences
        self.problem = problem
    }
}

/// Keeps what is not secret across launches — the chosen language, the
/// PIN-lock timeout, the last identifier and whether to remember it — apart
/// from the session and the PIN vault (the app's user defaults, where the
/// session store is its keychain).
///
/// Rules for every adapter:
/// - Reading never throws and never blocks on what it finds: a read always
///   answers preferences the app can use.
/// - Operations are atomic with respect to each other: a read sees whole
///   preferences, the old or the new, never a mix.
public protocol PreferencesStore: Sendable {
    /// The stored preferences. Reading has no side effect on usable or
    /// absent storage (two reads in a row agree).
    ///
    /// - Returns: The preferences last saved, with no problem; the
    ///   ``Preferences/defaults`` with no problem when nothing was ever
    ///   saved; the defaults with ``PreferencesProblem/unreadable(reason:)``
    ///   on every read while the storage cannot be read; the defaults with
    ///   ``PreferencesProblem/setAside(reason:)`` once, for stored content
    ///   that is no preferences of this format version — it is set aside, and
    ///   the reads after it answer the defaults with no problem.
    func read() async -> PreferencesRead

    /// Stores `preferences`, replacing the previous ones entirely.
    ///
    /// - Parameter preferences: What to keep; every ``Preferences`` value is valid.
    /// - Throws: ``PreferencesStoreError`` when the storage cannot be
    ///   written; a failed save leaves the previous preferences as they were.
    func save(_ preferences: Preferences) async throws(PreferencesStoreError)
}
