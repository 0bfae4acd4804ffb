public import Composition

extension WorldTestHooks {
    /// A world the acceptance scripts drive: the store behind its fault
    /// switch (`store full`, …), the control switches of the backend the
    /// auth plugin reaches — the simulated one's, or a reference server's
    /// control API where an `http` environment says it has one
    /// (`controlAPI`) — and the in-memory network's switch (`network off|on`).
    public static let acceptance = WorldTestHooks(
        storeFaults: true,
        backendControl: { authPlugin, context throws(CompositionError) in
            switch authPlugin {
            case InMemoryPlugins.auth.name: InMemoryBackendControl(backend: try InMemoryPlugins.backend(context))
            case HTTPPlugins.auth.name: try HTTPBackendControl.declared(in: context)
            default: nil
            }
        },
        networkSwitch: { connectivityPlugin, context throws(CompositionError) in
            connectivityPlugin == InMemoryPlugins.connectivity.name ? try InMemoryPlugins.networkSwitch(context) : nil
        })
}
