public import Composition

extension PluginRegistry {
    /// The stand-ins the headless app, the acceptance scripts, the bench and
    /// the tests plug in, and an app never ships: the simulated backend's
    /// four remote plugins, its switchable network, the browser that opens
    /// nothing, and virtual time.
    public static let standIns = PluginRegistry(
        auth: [InMemoryPlugins.auth], user: [InMemoryPlugins.user], statement: [InMemoryPlugins.statement],
        health: [InMemoryPlugins.health], connectivity: [InMemoryPlugins.connectivity], store: [], coding: [],
        clock: [InMemoryPlugins.virtualClock], preferences: [], browser: [InMemoryPlugins.browser], events: [])

    /// Every plugin this build has: what an app ships
    /// (`PluginRegistry.shipping`) and the stand-ins (`standIns`), each
    /// port listing its stand-in first, as `app plugins` shows them.
    public static let standard = PluginRegistry.shipping.adding(standIns)
}
