/// What a world made for testing adds to one made as an app ships it. A
/// shipping world (`WorldTestHooks.none`, `AppWorld`'s default) holds no
/// test hook on its path: its store is the adapter the environment chose,
/// bound to its backend, and nothing else. The headless app's acceptance
/// runs and interactive mode (whose `store full` words flip it), the bench
/// and the tests ask for the switch.
public struct WorldTestHooks: Sendable, Equatable {
    /// Whether the app's session store sits behind a `StoreFaultSwitch`.
    public var storeFaults: Bool

    public init(storeFaults: Bool) {
        self.storeFaults = storeFaults
    }

    /// A world as an app ships it.
    public static let none = WorldTestHooks(storeFaults: false)
    /// A world the acceptance scripts can fault: the store behind its switch.
    public static let acceptance = WorldTestHooks(storeFaults: true)
}
