import AdapterDerived
import Ports

extension RemoteAdapters {
    /// These adapters with the auth, user and statement adapters wrapped so
    /// that each call's outcome reaches `recorder`, and the health probe
    /// replaced by a `from-calls` probe reading it, with its light probe
    /// (`lightProbe`, the plugin's own setting) over the wrapped statement
    /// adapter. The domain never knows: it sees the same ports. What the
    /// `from-calls` health plugin declares it does to a world's remote
    /// adapters (`PluginRegistry.Plugin.learnsFromCalls`); the recording wraps
    /// the adapters from outside the request deadline, so a call that ran out
    /// of time is recorded as the timeout it is.
    func recordingCallOutcomes(
        in recorder: CallOutcomeRecorder, lightProbe: CallOutcomeHealthProbe.LightProbe
    ) -> RemoteAdapters {
        let statement = OutcomeRecordingStatementRemoteAPI(self.statement, recorder: recorder)
        return RemoteAdapters(
            auth: OutcomeRecordingAuthRemoteAPI(auth, recorder: recorder),
            user: OutcomeRecordingUserRemoteAPI(user, recorder: recorder),
            statement: statement,
            health: CallOutcomeHealthProbe(
                recorder: recorder, lightProbe: CallOutcomeHealthProbe.lightProbe(lightProbe, over: statement)))
    }
}
