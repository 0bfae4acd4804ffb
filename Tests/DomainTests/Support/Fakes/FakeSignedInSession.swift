import DomainCore
import Ports
import Testing

/// The session as the signed-in screens see it: a user, and the operations
/// the test set an answer for. An operation called without an answer is
/// recorded as an issue.
@MainActor
final class FakeSignedInSession: SignedInUserReading, LogoutUseCase, UpdateProfileUseCase, DeleteAccountUseCase {
    var user: UserProfile?
    var updateOutcome: Result<UserProfile, SignedInFailure>?
    var deleteOutcome: Result<Void, SignedInFailure>?
    /// Whether `logout()` is an expected call.
    var allowsLogout = false
    let gate = CallGate()
    private(set) var updates: [ProfileChanges] = []
    private(set) var logouts = 0
    private(set) var deletions = 0

    init(user: UserProfile?) {
        self.user = user
    }

    func logout() async {
        logouts += 1
        await gate.pass()
        if !allowsLogout { Issue.record("logout was called, but the test did not allow it") }
    }

    func updateProfile(_ changes: ProfileChanges) async -> Result<UserProfile, SignedInFailure> {
        updates.append(changes)
        await gate.pass()
        guard let updateOutcome else {
            Issue.record("updateProfile was called, but the test set no outcome for it")
            return .failure(.server)
        }
        if case .success(let updated) = updateOutcome { user = updated }
        return updateOutcome
    }

    func deleteAccount() async -> Result<Void, SignedInFailure> {
        deletions += 1
        await gate.pass()
        guard let deleteOutcome else {
            Issue.record("deleteAccount was called, but the test set no outcome for it")
            return .failure(.server)
        }
        return deleteOutcome
    }
}
