import Composition

extension InProcessServerWorld {
    /// A script's world against a fresh in-process server
    /// (`app run --in-process-server`), torn down when the script ends.
    @MainActor
    static func make(from base: AppEnvironment = .local) throws -> ScriptWorld {
        let served = try InProcessServerWorld(from: base)
        return ScriptWorld(world: served.world) { served.tearDown() }
    }
}
