import AdapterDerived
import Ports

extension RemoteAdapters {
    /// These adapters, and when the health plugin learns from the calls
    /// (`from-calls`): the auth, user and statement adapters wrapped so that
    /// each call's outcome reaches the probe's recorder, and the probe given
    /// its light probe over the wrapped statement adapter. The domain never
    /// knows: it sees the same ports. Other health plugins leave them as made.
    /// The light probe is the one the plugin's own setting chose
    /// (`CallOutcomeHealthPlugin`).
    /// `chosenHealth` is the health plugin as made, before any wrapping (the
    /// request deadline's), so that a `from-calls` probe is still recognised;
    /// the recording wraps these adapters from outside, so a call that ran
    /// out of time is recorded as the timeout it is.
    func recordingCallOutcomes(of chosenHealth: any HealthProbe) -> RemoteAdapters {
        guard let plugin = chosenHealth as? CallOutcomeHealthPlugin else { return self }
        let recorder = plugin.probe.recorder
        let statement = OutcomeRecordingStatementRemoteAPI(self.statement, recorder: recorder)
        return RemoteAdapters(
            auth: OutcomeRecordingAuthRemoteAPI(auth, recorder: recorder),
            user: OutcomeRecordingUserRemoteAPI(user, recorder: recorder),
            statement: statement,
            health: CallOutcomeHealthProbe(
                recorder: recorder, lightProbe: CallOutcomeHealthProbe.lightProbe(plugin.lightProbe, over: statement)))
    }
}

/// The `from-calls` probe as its plugin makes it: the probe, and the light
/// probe the plugin's `healthLightProbe` setting chose, which the world
/// builds over the statement adapter once it has wrapped it
/// (`RemoteAdapters.recordingCallOutcomes(of:)`). Until then it checks as
/// the probe does, without a light probe.
struct CallOutcomeHealthPlugin: HealthProbe {
    let probe: CallOutcomeHealthProbe
    let lightProbe: CallOutcomeHealthProbe.LightProbe

    func check() async throws(RemoteError) -> ServerHealth {
        try await probe.check()
    }

    func onReport(_ handler: @escaping @Sendable (ServerHealth) async -> Void) {
        probe.onReport(handler)
    }
}
