import AdapterInMemory
import Ports

/// The plugins of `AdapterInMemory`.
enum InMemoryPlugins {
    /// The simulated backend of CONTRACT.md, in this process, with its control switches.
    static let remote = PluginRegistry.Plugin<RemoteAdapters>(
        name: "in-memory", summary: "the simulated backend (InMemoryBackend) in this process"
    ) { context throws(CompositionError) in
        let configuration = InMemoryBackend.Configuration(tokenLifetime: context.environment.settings.tokenLifetime)
        let backend = InMemoryBackend(clock: context.clock, configuration: configuration, activity: context.activity)
        return RemoteAdapters(
            auth: InMemoryAuthRemoteAPI(backend: backend), user: InMemoryUserRemoteAPI(backend: backend),
            statement: InMemoryStatementRemoteAPI(backend: backend), health: InMemoryHealthProbe(backend: backend),
            control: InMemoryBackendControl(backend: backend))
    }

    /// A network switch that stays on unless a test or script turns it off.
    static let connectivity = PluginRegistry.Plugin<any ConnectivityProbe>(
        name: "in-memory", summary: "a network switch, on unless turned off"
    ) { _ throws(CompositionError) in InMemoryConnectivity() }

    static let coding = PluginRegistry.Plugin<any SessionCoding>(
        name: "in-memory-text", summary: "a versioned JSON envelope, kept small for the in-memory store"
    ) { _ throws(CompositionError) in InMemorySessionCoding() }

    static let store = PluginRegistry.StorePlugin(
        name: "in-memory", summary: "the session kept in this process's memory (a keychain that lasts one run)"
    ) { _, coding throws(CompositionError) in InMemorySessionDataStore(coding: coding) }
}
