import DomainCore
import Ports
import Testing

/// A login that answers what the test set. A call the test did not set an
/// answer for is recorded as an issue: nothing succeeds by accident.
@MainActor
final class FakeLoginUseCase: LoginUseCase {
    var outcome: Result<UserProfile, LoginFailure>?
    let gate = CallGate()
    private(set) var received: [Credentials] = []

    init(outcome: Result<UserProfile, LoginFailure>? = nil) {
        self.outcome = outcome
    }

    func login(_ credentials: Credentials) async -> Result<UserProfile, LoginFailure> {
        received.append(credentials)
        await gate.pass()
        guard let outcome else {
            Issue.record("login was called, but the test set no outcome for it")
            return .failure(.server)
        }
        return outcome
    }
}
