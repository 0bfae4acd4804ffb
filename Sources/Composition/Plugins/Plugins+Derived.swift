import AdapterDerived
import Ports

/// The plugins of `AdapterDerived`: adapters for backends that lack a route
/// the others need, built from what the other ports' calls meet or knew.
enum DerivedPlugins {
    /// The key of the recorder the `from-calls` probe reads; `AppWorld`
    /// wraps the auth, user and statement adapters in recording decorators
    /// sharing it (`RemoteAdapters.recordingCallOutcomes`).
    static let callOutcomesKey = "call-outcomes"

    static let health = PluginRegistry.Plugin<any HealthProbe>(
        name: "from-calls",
        summary:
            "no /health: down when a call meets a transport failure or a 5xx, up at the next answer or light probe",
        settings: [
            .choice(
                lightProbeKey, default: CallOutcomeHealthProbe.LightProbe.statementList,
                "how a server found down is asked whether it is back")
        ]
    ) { context throws(CompositionError) in
        CallOutcomeHealthPlugin(
            probe: CallOutcomeHealthProbe(recorder: try context.shared(callOutcomesKey) { CallOutcomeRecorder() }),
            lightProbe: context.settings.choice(lightProbeKey) ?? .statementList)
    }
    static let lightProbeKey = "healthLightProbe"

    static let user = PluginRegistry.Plugin<any UserRemoteAPI>(
        name: "token-only",
        summary: "no /users/me: the profile is what the sign-in knew; the launch check refreshes the stored token"
    ) { _ throws(CompositionError) in TokenOnlyUserRemoteAPI() }
}
