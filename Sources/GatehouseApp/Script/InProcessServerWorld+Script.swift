import Composition
import Ports
import CompositionTesting

extension InProcessServerWorld {
    /// A script's world against a fresh in-process server
    /// (`app run --in-process-server [--profile NAME]`), torn down when the script ends.
    @MainActor
    static func make(
        from base: AppEnvironment = .local, profile: ReferenceServerProfile = .full,
        eventSink: (any SessionEventSink)? = nil
    ) throws -> ScriptWorld {
        let served = try InProcessServerWorld(from: base, profile: profile, eventSink: eventSink)
        return ScriptWorld(world: served.world) { served.tearDown() }
    }
}
