import DomainCore
import Ports

/// Stands where the session end listens, in token-manager tests: records
/// each end the token manager reports, and does nothing else.
@MainActor
final class SessionEndRecorder: SessionEndListener {
    private(set) var reasons: [SignedOutReason] = []

    func backendEndedSession(generation: SessionGeneration, reason: SignedOutReason) async {
        reasons.append(reason)
    }
}
