public import DomainCore
public import Ports

/// The preferences of one launch: read once when the launch starts, changed
/// from the profile screen and by signing in, each change saved at once —
/// with the identifier remembered for the sign-in, which is personal data
/// and so lives in the keychain (`RememberedIdentifierStore`), not in the
/// preferences: only the switch "remember it" is a preference. An identifier
/// an older version left in the preferences is moved there at load.
///
/// Nothing fails silently: why the stored preferences could not be used is
/// held in ``readProblem`` until the person first acts on a screen (the app
/// says so once), and a save that failed is held in ``saveFailure`` until a
/// later save goes through.
@MainActor
public final class LaunchPreferences {
    /// What a save that went through changed, for the screen's confirmation.
    public enum Change: Sendable, Hashable {
        /// The language was chosen (nil: follow the system); the app speaks
        /// it at once (unless the run pins its own) and at every launch after.
        case language(AppLocale?)
        /// Remembering the last identifier was turned on or off.
        case remembersLastIdentifier(Bool)
        /// The PIN-lock timeout was chosen; it holds at once.
        case pinLockTimeout(Duration)
    }

    /// The preferences in force: the stored ones, or the defaults.
    public private(set) var preferences: Preferences {
        didSet { personsLanguage?.choose(preferences.language) }
    }
    /// Told the language chosen, at once and after each change saved: what
    /// the plugins show outside the app's screens speaks it.
    private let personsLanguage: PersonsLanguage?
    /// Why the stored preferences could not be used, until dismissed.
    public private(set) var readProblem: PreferencesProblem?
    /// Why the last save failed, until a later save goes through.
    public private(set) var saveFailure: PreferencesStoreError?
    /// The last change a person made that was saved, until the next one.
    public private(set) var lastChange: Change?
    /// Why the remembered identifier could not be written or removed, until
    /// a later write or removal goes through.
    public private(set) var identifierFailure: SessionStoreError?

    private let store: any PreferencesStore
    private let identifiers: any RememberedIdentifierStore
    /// What `identifiers` holds, as last read or written.
    private var remembered: String?

    /// The preferences a read found, kept in `store` from now on.
    ///
    /// - Parameters:
    ///   - read: What the launch's read of `store` answered.
    ///   - store: Where changes are saved.
    ///   - identifiers: Where the remembered identifier is kept (the keychain).
    ///   - remembered: What `identifiers` held at the launch's read.
    ///   - personsLanguage: Told the language chosen, now and after each
    ///     change (the world's, `AppWorld.personsLanguage`); nil tells no one.
    public init(
        _ read: PreferencesRead, store: any PreferencesStore, identifiers: any RememberedIdentifierStore,
        remembered: String? = nil, personsLanguage: PersonsLanguage? = nil
    ) {
        preferences = read.preferences
        readProblem = read.problem
        self.store = store
        self.identifiers = identifiers
        self.remembered = remembered
        self.personsLanguage = personsLanguage
        personsLanguage?.choose(read.preferences.language)
    }

    /// Reads `store` and `identifiers` once, for a launch, and moves an
    /// identifier the preferences still hold (written before it moved to the
    /// keychain) into `identifiers`, then saves the preferences without it.
    /// Nothing is lost: the preferences keep it until the keychain has it,
    /// and a newer one already in the keychain wins.
    public static func load(
        from store: any PreferencesStore, identifiers: any RememberedIdentifierStore,
        personsLanguage: PersonsLanguage? = nil
    ) async -> LaunchPreferences {
        let preferences = LaunchPreferences(
            await store.read(), store: store, identifiers: identifiers, remembered: await identifiers.read(),
            personsLanguage: personsLanguage)
        await preferences.moveIdentifierOutOfPreferences()
        return preferences
    }

    /// The migration `load` runs.
    private func moveIdentifierOutOfPreferences() async {
        guard let legacy = preferences.lastIdentifier else { return }
        if remembered == nil {
            do {
                try await identifiers.remember(legacy)
                remembered = legacy
            } catch {
                // Kept in the preferences, and said, until a later launch moves it.
                identifierFailure = error
                return
            }
        }
        var changed = preferences
        changed.forgetLastIdentifier()
        await save(changed, as: nil)
    }

    /// The person has seen the read problem: it is not shown again.
    public func dismissReadProblem() {
        readProblem = nil
    }

    /// A screen that shows the preferences opens afresh: the confirmation of
    /// a change saved on an earlier visit is no longer said.
    public func dismissLastChange() {
        lastChange = nil
    }

    /// The language chosen, as the app's locale; nil follows the system.
    public var language: AppLocale? { preferences.language }

    /// Whether the sign-in starts with the last identifier.
    public var remembersLastIdentifier: Bool { preferences.remembersLastIdentifier }

    /// How long the app may stay in the background before the PIN is asked again.
    public var pinLockTimeout: Duration { preferences.pinLockTimeout }

    /// Chooses the PIN-lock timeout and saves it; once saved, the running
    /// session uses it too (its `SessionPIN` reads `pinLockTimeout`). A timeout the preferences refuse (outside
    /// `Preferences.pinLockTimeoutRange`, or not whole seconds) changes nothing.
    public func choosePINLockTimeout(_ timeout: Duration) async {
        var changed = preferences
        guard (try? changed.setPINLockTimeout(timeout)) != nil else { return }
        await save(changed, as: .pinLockTimeout(timeout))
    }

    /// The identifier last signed in with, while remembering is on (from
    /// the keychain; from the preferences while a move there is pending).
    public var lastIdentifier: String? {
        preferences.remembersLastIdentifier ? remembered ?? preferences.lastIdentifier : nil
    }

    /// Chooses the language the app speaks, at once and at every launch after (nil follows the system).
    public func chooseLanguage(_ locale: AppLocale?) async {
        var changed = preferences
        changed.language = locale
        await save(changed, as: .language(locale))
    }

    /// Turns remembering the last identifier on or off: on remembers the
    /// identifier of `user`, the one signed in now; off forgets it.
    public func setRemembersLastIdentifier(_ on: Bool, signedInAs user: UserProfile?) async {
        var changed = preferences
        changed.remembersLastIdentifier = on
        await save(changed, as: .remembersLastIdentifier(on))
        guard saveFailure == nil else { return }
        if on {
            if let identifier = user.map(Self.identifier(of:)), !identifier.isEmpty {
                await rememberIdentifier(identifier)
            }
        } else {
            await forgetRememberedIdentifier()
        }
    }

    /// A user signed in: their identifier is kept as the last one when
    /// remembering is on and it is not already the one kept.
    public func signedIn(_ user: UserProfile) async {
        let identifier = Self.identifier(of: user)
        guard preferences.remembersLastIdentifier, !identifier.isEmpty, remembered != identifier else { return }
        // An identifier the store refuses (none a sign-in accepts) is simply not remembered.
        guard Preferences.isUsableIdentifier(identifier) else { return }
        await rememberIdentifier(identifier)
    }

    /// Forgets the remembered identifier if it is `user`'s: their account
    /// was deleted, so it must not be offered at the next sign-in.
    public func forgetIdentifier(of user: UserProfile) async {
        guard let remembered = lastIdentifier, remembered == Self.identifier(of: user) else { return }
        await forgetRememberedIdentifier()
        if preferences.lastIdentifier != nil {
            var changed = preferences
            changed.forgetLastIdentifier()
            await save(changed, as: nil)
        }
    }

    private func rememberIdentifier(_ identifier: String) async {
        do {
            try await identifiers.remember(identifier)
            remembered = identifier
            identifierFailure = nil
        } catch {
            identifierFailure = error
        }
    }

    private func forgetRememberedIdentifier() async {
        do {
            try await identifiers.forget()
            remembered = nil
            identifierFailure = nil
        } catch {
            identifierFailure = error
        }
    }

    /// What the sign-in would be typed with for `user`: their CPF,
    /// formatted, else their e-mail (a user known only by e-mail).
    static func identifier(of user: UserProfile) -> String {
        CPF(user.cpf)?.formatted ?? user.email
    }

    private func save(_ changed: Preferences, as change: Change?) async {
        do {
            try await store.save(changed)
            preferences = changed
            saveFailure = nil
            if let change { lastChange = change }
        } catch {
            saveFailure = error
        }
    }
}

/// The PIN lock reads the saved timeout at each return to the foreground.
extension LaunchPreferences: PINLockTimeoutSource {}

/// Deleting the account forgets its remembered identifier.
extension LaunchPreferences: RememberedIdentifierForgetting {}
