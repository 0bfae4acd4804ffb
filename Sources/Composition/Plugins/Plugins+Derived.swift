import AdapterDerived
import Ports

/// The plugins of `AdapterDerived`: adapters for backends that lack a route
/// the others need, built from what the other ports' calls meet or knew.
enum DerivedPlugins {
    /// The key of the world's recorder the `from-calls` probe reads and the
    /// recording decorators write (`RemoteAdapters.recordingCallOutcomes`).
    static let callOutcomesKey = "call-outcomes"

    static let health = PluginRegistry.Plugin<any HealthProbe>(
        name: "from-calls",
        summary:
            "no /health: down when a call meets a transport failure or a 5xx, up at the next answer or light probe",
        settings: [
            .choice(
                lightProbeKey, default: CallOutcomeHealthProbe.LightProbe.statementList,
                "how a server found down is asked whether it is back")
        ],
        // It declares that it learns from the calls: the world hands it its
        // remote adapters to wrap, and uses the probe it gives back.
        learnsFromCalls: { context, remote throws(CompositionError) in
            remote.recordingCallOutcomes(
                in: try recorder(context), lightProbe: context.settings.choice(lightProbeKey) ?? .statementList)
        }
    ) { context throws(CompositionError) in
        // Alone (a contract suite's), it checks as the recorder says, without a light probe.
        CallOutcomeHealthProbe(recorder: try recorder(context))
    }
    static let lightProbeKey = "healthLightProbe"

    /// The world's one recorder of call outcomes.
    private static func recorder(_ context: PluginContext) throws(CompositionError) -> CallOutcomeRecorder {
        try context.shared(callOutcomesKey) { CallOutcomeRecorder() }
    }

    static let user = PluginRegistry.Plugin<any UserRemoteAPI>(
        name: "token-only",
        summary: "no /users/me: the profile is what the sign-in knew; the launch check refreshes the stored token"
    ) { _ throws(CompositionError) in TokenOnlyUserRemoteAPI() }
}
