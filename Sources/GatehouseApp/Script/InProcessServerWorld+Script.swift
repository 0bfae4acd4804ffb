import Composition
import Ports
import CompositionTesting

extension InProcessServerWorld {
    /// A script's world against a fresh in-process server
    /// (`app run --in-process-server [--profile NAME]`), and the stand-in
    /// behind `base`'s auth plugin when one is given, torn down when the
    /// script ends.
    @MainActor
    static func make(
        from base: AppEnvironment = .local, profile: ReferenceServerProfile = .full,
        eventSink: (any SessionEventSink)? = nil, registry: PluginRegistry = .standard,
        standIn: StandInPlugin? = nil
    ) throws -> ScriptWorld {
        let served = try InProcessServerWorld(
            from: base, profile: profile, eventSink: eventSink, registry: registry, standIn: standIn)
        return ScriptWorld(world: served.world) { served.tearDown() }
    }
}
