/// What a world made for testing adds to one made as an app ships it. A
/// shipping world (`WorldTestHooks.none`, `AppWorld`'s default) holds no
/// test hook on its path: its store is the adapter the environment chose,
/// bound to its backend, and it has no backend control and no network
/// switch. The testing products' compositions (`CompositionTesting`: the
/// acceptance runs, the bench, the tests) say what they add here; nothing
/// in this module makes a control or a switch.
public struct WorldTestHooks: Sendable {
    /// Whether the app's session store sits behind a `StoreFaultSwitch`.
    public var storeFaults: Bool
    /// The control switches of the backend behind the auth plugin the
    /// environment chose (named by the first argument), made in the world's
    /// context for that plugin, so they switch the very backend its adapter
    /// reaches; nil for a backend nothing here can switch.
    public var backendControl:
        (@Sendable (_ authPlugin: String, PluginContext) throws(CompositionError) -> (any BackendControl)?)?
    /// The switch of the network the connectivity plugin the environment
    /// chose (the first argument) reports on, made in the world's context
    /// for it; nil for a network nothing here can switch (the machine's own).
    public var networkSwitch:
        (@Sendable (_ connectivityPlugin: String, PluginContext) throws(CompositionError) -> NetworkSwitch?)?

    public init(
        storeFaults: Bool,
        backendControl: (
            @Sendable (_ authPlugin: String, PluginContext) throws(CompositionError) -> (any BackendControl)?
        )? = nil,
        networkSwitch: (
            @Sendable (_ connectivityPlugin: String, PluginContext) throws(CompositionError) -> NetworkSwitch?
        )? = nil
    ) {
        self.storeFaults = storeFaults
        self.backendControl = backendControl
        self.networkSwitch = networkSwitch
    }

    /// A world as an app ships it.
    public static let none = WorldTestHooks(storeFaults: false)
}
