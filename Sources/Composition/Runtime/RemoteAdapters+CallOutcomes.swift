import AdapterDerived
import Ports

extension RemoteAdapters {
    /// These adapters, and when the health plugin learns from the calls
    /// (`from-calls`): the auth, user and statement adapters wrapped so that
    /// each call's outcome reaches the probe's recorder, and the probe given
    /// its light probe over the wrapped statement adapter. The domain never
    /// knows: it sees the same ports. Other health plugins leave them as made.
    /// `chosenHealth` is the health plugin as made, before any wrapping (the
    /// request deadline's), so that a `from-calls` probe is still recognised;
    /// the recording wraps these adapters from outside, so a call that ran
    /// out of time is recorded as the timeout it is.
    func recordingCallOutcomes(
        of chosenHealth: any HealthProbe, lightProbe: CallOutcomeHealthProbe.LightProbe
    ) -> RemoteAdapters {
        guard let probe = chosenHealth as? CallOutcomeHealthProbe else { return self }
        let recorder = probe.recorder
        let statement = OutcomeRecordingStatementRemoteAPI(self.statement, recorder: recorder)
        return RemoteAdapters(
            auth: OutcomeRecordingAuthRemoteAPI(auth, recorder: recorder),
            user: OutcomeRecordingUserRemoteAPI(user, recorder: recorder),
            statement: statement,
            health: CallOutcomeHealthProbe(
                recorder: recorder, lightProbe: CallOutcomeHealthProbe.lightProbe(lightProbe, over: statement)))
    }
}
