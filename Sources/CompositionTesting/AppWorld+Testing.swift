public import Composition
public import Ports

extension AppWorld {
    /// A world for testing: `AppWorld.init(environment:…)` with every
    /// plugin this build has (`PluginRegistry.standard`, the stand-ins
    /// included) and, unless told, what the acceptance runs add
    /// (`WorldTestHooks.acceptance`: the store's fault switch, the backend's
    /// control, the network switch). The headless app, the bench and the
    /// tests make their worlds with it; an app makes its own with the
    /// shipping registry and no hook.
    public convenience init(
        testing environment: AppEnvironment, registry: PluginRegistry = .standard,
        sharedTime: SharedVirtualTime? = nil, control: (any BackendControl)? = nil,
        eventSink: (any SessionEventSink)? = nil, eventLogFailure: @escaping @Sendable (String) -> Void = { _ in },
        testHooks: WorldTestHooks = .acceptance
    ) throws(CompositionError) {
        try self.init(
            environment: environment, registry: registry, sharedTime: sharedTime, control: control,
            eventSink: eventSink, eventLogFailure: eventLogFailure, testHooks: testHooks)
    }
}
