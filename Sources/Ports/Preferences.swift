/// A language the app speaks, as a person chooses it on the profile screen.
/// The raw value is the BCP 47 tag the app's texts are filed under.
public enum PreferredLanguage: String, Sendable, Hashable, CaseIterable {
    /// Portuguese as spoken in Brazil.
    case ptBR = "pt-BR"
    /// English as spoken in the United States.
    case enUS = "en-US"
    /// Spanish as spoken in Spain.
    case esES = "es-ES"
}

/// Why a value cannot be a preference. Never carries more than the value's
/// kind and the rule it broke.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum PreferenceValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The PIN-lock timeout is outside ``Preferences/pinLockTimeoutRange`` or
    /// not a whole number of seconds.
    case pinLockTimeoutOutOfRange
    /// The identifier is empty, longer than ``Preferences/lastIdentifierMaximumLength``
    /// characters, or holds a control character.
    case lastIdentifierUnusable

    /// What rule the value broke, for messages and logs.
    public var description: String {
        switch self {
        case .pinLockTimeoutOutOfRange:
            "the PIN-lock timeout must be a whole number of seconds from 0 s to 1 hour"
        case .lastIdentifierUnusable:
            "the last identifier must be 1 to \(Preferences.lastIdentifierMaximumLength) characters, none a control character"
        }
    }
}

/// What the app keeps that is not a secret, apart from the session: the
/// chosen language, the PIN-lock timeout, and whether (and what) to remember
/// as the last identifier signed in with. Secrets — tokens, passwords, the PIN
/// and its hash — never live here: they belong to the session store and the
/// PIN vault.
///
/// Every value of this type is valid: the PIN-lock timeout and the last
/// identifier can only be set through setters that check them, so a store
/// never has to.
public struct Preferences: Sendable, Hashable {
    /// The PIN-lock timeouts accepted: from 0 s (lock on every return from the
    /// background) to one hour, in whole seconds.
    public static let pinLockTimeoutRange: ClosedRange<Duration> = .zero ... .seconds(3600)

    /// The PIN-lock timeout a person who chose none gets: 5 minutes.
    public static let defaultPINLockTimeout: Duration = .seconds(300)

    /// The longest last identifier kept, in characters (an e-mail address's
    /// longest usable length).
    public static let lastIdentifierMaximumLength = 254

    /// Nothing chosen: the system's language, a 5-minute PIN lock, and no
    /// identifier remembered.
    public static let defaults = Preferences()

    /// The language chosen on the profile screen; nil follows the system (the
    /// app's own default when the system names none it speaks).
    public var language: PreferredLanguage?

    /// How long the app may stay in the background before a return asks for
    /// the PIN again (when a PIN is set). Always within ``pinLockTimeoutRange``.
    public private(set) var pinLockTimeout: Duration

    /// Whether the sign-in's identifier step starts with the last identifier
    /// signed in with. Off unless the person turns it on: on a shared phone,
    /// the identifier says whose account this is. Turning it off forgets the
    /// identifier.
    public var remembersLastIdentifier: Bool {
        didSet { if !remembersLastIdentifier { lastIdentifier = nil } }
    }

    /// The identifier (CPF or e-mail) last signed in with, kept only while
    /// ``remembersLastIdentifier`` is on; nil otherwise. Only preferences
    /// stored before the identifier moved to the keychain hold one: the app
    /// moves it to its `RememberedIdentifierStore` at launch and saves the
    /// preferences without it (a CPF is personal data, kept with the
    /// session's sensitive data, not with the preferences).
    public private(set) var lastIdentifier: String?

    /// Preferences with the given language and switches; the PIN-lock timeout
    /// is the default and no identifier is remembered until set.
    ///
    /// - Parameters:
    ///   - language: The chosen language; nil follows the system.
    ///   - remembersLastIdentifier: Whether the last identifier is remembered.
    public init(language: PreferredLanguage? = nil, remembersLastIdentifier: Bool = false) {
        self.language = language
        self.remembersLastIdentifier = remembersLastIdentifier
        pinLockTimeout = Self.defaultPINLockTimeout
        lastIdentifier = nil
    }

    /// Sets the PIN-lock timeout.
    ///
    /// - Parameter timeout: A whole number of seconds within ``pinLockTimeoutRange``.
    /// - Throws: ``PreferenceValueError/pinLockTimeoutOutOfRange`` otherwise,
    ///   changing nothing.
    public mutating func setPINLockTimeout(_ timeout: Duration) throws(PreferenceValueError) {
        guard Self.pinLockTimeoutRange.contains(timeout), timeout.components.attoseconds == 0 else {
            throw .pinLockTimeoutOutOfRange
        }
        pinLockTimeout = timeout
    }

    /// Remembers `identifier` as the last one signed in with — only while
    /// ``remembersLastIdentifier`` is on; otherwise it is not kept.
    ///
    /// - Parameter identifier: The CPF or e-mail signed in with.
    /// - Throws: ``PreferenceValueError/lastIdentifierUnusable`` when it is
    ///   empty, too long or holds a control character, changing nothing.
    public mutating func rememberLastIdentifier(_ identifier: String) throws(PreferenceValueError) {
        guard Self.isUsableIdentifier(identifier) else { throw .lastIdentifierUnusable }
        lastIdentifier = remembersLastIdentifier ? identifier : nil
    }

    /// Forgets the last identifier (the switch stays as it is).
    public mutating func forgetLastIdentifier() {
        lastIdentifier = nil
    }

    /// Whether `identifier` may be remembered: 1 to
    /// ``lastIdentifierMaximumLength`` characters, none a control character
    /// (the rule `RememberedIdentifierStore` keeps too).
    public static func isUsableIdentifier(_ identifier: String) -> Bool {
        !identifier.isEmpty && identifier.count <= lastIdentifierMaximumLength
            && !identifier.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
