import DomainCore
import Ports
import Testing

/// A registration that answers what the test set. A call the test did not
/// set an answer for is recorded as an issue: nothing succeeds by accident.
@MainActor
final class FakeRegisterUseCase: RegisterUseCase {
    var outcome: Result<RegistrationResult, RegistrationFailure>?
    var fieldsTaken: Set<RegistrationField> = .everyField
    var passwordRule: PasswordRule = .digits(6)
    let gate = CallGate()
    private(set) var received: [Registration] = []

    init(outcome: Result<RegistrationResult, RegistrationFailure>? = nil) {
        self.outcome = outcome
    }

    func register(_ registration: Registration) async -> Result<RegistrationResult, RegistrationFailure> {
        received.append(registration)
        await gate.pass()
        guard let outcome else {
            Issue.record("register was called, but the test set no outcome for it")
            return .failure(.server)
        }
        return outcome
    }
}
