import AdapterDerived
import Ports

extension RemoteAdapters {
    /// These adapters, and when the health plugin learns from the calls
    /// (`from-calls`): the auth, user and statement adapters wrapped so that
    /// each call's outcome reaches the probe's recorder, and the probe given
    /// its light probe over the wrapped statement adapter. The domain never
    /// knows: it sees the same ports. Other health plugins leave them as made.
    func recordingCallOutcomes(lightProbe: CallOutcomeHealthProbe.LightProbe) -> RemoteAdapters {
        guard let probe = health as? CallOutcomeHealthProbe else { return self }
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
