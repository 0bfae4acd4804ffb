public import Ports
import Synchronization
public import TaskRuntime

/// What a plugin is built from: its own settings (never another plugin's),
/// the run's time and count of work, and the parts that several plugins of
/// one world share.
public struct PluginContext: Sendable {
    /// The environment's shared settings and the values of the settings this
    /// plugin declares (`PluginRegistry.settings(for:in:)`).
    public let settings: PluginSettings
    public let clock: any Clock
    public let activity: VirtualActivity
    /// Whether time moves only when told: what the clock plugin declared
    /// (``WorldClock/virtual(_:executor:)``), never read from the clock's type.
    public let hasVirtualTime: Bool
    /// The backend the world's remote adapters reach, which a store keeps
    /// the session of (`PluginRegistry.sessionBackend(of:)`): a store that
    /// keeps files gives each backend a folder of its own. Nil for a context
    /// made outside a world.
    public let sessionBackend: SessionBackend?
    /// The language the person reads now, for what an adapter shows outside
    /// the app's screens (the browser's page after a sign-in): read it when
    /// needed, it changes when the person chooses another.
    public let personsLanguage: PersonsLanguage
    private let sharedParts: SharedParts

    /// The context of a new world, with no shared part made yet.
    /// - Parameters:
    ///   - settings: The settings the first plugin made is given.
    ///   - clock: The world's clock as its plugin made it.
    ///   - activity: The world's count of running work.
    ///   - sessionBackend: The backend the world's remote adapters reach.
    ///   - personsLanguage: The language the person reads now; nil starts
    ///     one at the environment's locale.
    public init(
        settings: PluginSettings, clock: WorldClock, activity: VirtualActivity, sessionBackend: SessionBackend? = nil,
        personsLanguage: PersonsLanguage? = nil
    ) {
        self.init(
            settings: settings, clock: clock.clock, hasVirtualTime: clock.virtualClock != nil, activity: activity,
            sessionBackend: sessionBackend,
            personsLanguage: personsLanguage ?? PersonsLanguage(settings.shared.locale), sharedParts: SharedParts())
    }

    /// The same world's context for another plugin: the same time and
    /// shared parts, and that plugin's settings.
    public func handing(_ settings: PluginSettings) -> PluginContext {
        PluginContext(
            settings: settings, clock: clock, hasVirtualTime: hasVirtualTime, activity: activity,
            sessionBackend: sessionBackend, personsLanguage: personsLanguage, sharedParts: sharedParts)
    }

    private init(
        settings: PluginSettings, clock: any Clock, hasVirtualTime: Bool, activity: VirtualActivity,
        sessionBackend: SessionBackend?, personsLanguage: PersonsLanguage, sharedParts: SharedParts
    ) {
        self.settings = settings
        self.clock = clock
        self.hasVirtualTime = hasVirtualTime
        self.activity = activity
        self.sessionBackend = sessionBackend
        self.personsLanguage = personsLanguage
        self.sharedParts = sharedParts
    }

    /// The part named `key` that the plugins of this world share, made by the
    /// first plugin that asks for it: the in-memory backend behind the four
    /// in-memory remote adapters, the HTTP configuration behind the URLSession
    /// ones. Worlds are built on one thread, so two makers never race; if they
    /// did, the first part stored would win and the other be dropped.
    public func shared<Part: Sendable>(
        _ key: String, make: () throws(CompositionError) -> Part
    ) throws(CompositionError) -> Part {
        if let existing = sharedParts.part(key) as? Part { return existing }
        let made = try make()
        return sharedParts.store(made, as: key) as? Part ?? made
    }
}

/// The shared parts of one world, by key.
private final class SharedParts: Sendable {
    private let parts = Mutex<[String: any Sendable]>([:])

    func part(_ key: String) -> (any Sendable)? {
        parts.withLock { $0[key] }
    }

    /// Stores `part` unless one is already there; returns the one kept.
    func store(_ part: any Sendable, as key: String) -> any Sendable {
        parts.withLock { parts in
            if let existing = parts[key] { return existing }
            parts[key] = part
            return part
        }
    }
}
