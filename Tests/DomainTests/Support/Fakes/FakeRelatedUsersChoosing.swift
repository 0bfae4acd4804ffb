import DomainCore
import Ports
import Testing

/// Related users and a save that answer what the test set; the test may
/// change the answers between calls. A call without an answer is recorded as
/// an issue.
@MainActor
final class FakeRelatedUsersChoosing: RelatedUsersChoosing {
    var outcome: Result<[RelatedUser], SignedInFailure>?
    /// What a save answers; nil answers the loaded users with the saved ids shared.
    var saveFailure: SignedInFailure?
    let gate = CallGate()
    private(set) var calls = 0
    /// The ids each save sent, in order.
    private(set) var savedSelections: [Set<String>] = []

    init(outcome: Result<[RelatedUser], SignedInFailure>? = nil) {
        self.outcome = outcome
    }

    func relatedUsers() async throws(SignedInFailure) -> [RelatedUser] {
        calls += 1
        await gate.pass()
        guard let outcome else {
            Issue.record("relatedUsers was called, but the test set no outcome for it")
            throw .server
        }
        return try outcome.get()
    }

    func saveSharedWith(_ ids: Set<String>) async throws(SignedInFailure) -> [RelatedUser] {
        savedSelections.append(ids)
        await gate.pass()
        if let saveFailure { throw saveFailure }
        guard case .success(let users) = outcome else {
            Issue.record("saveSharedWith was called, but the test set no users for it")
            throw .server
        }
        let answer = users.map { user in
            var user = user
            user.isShared = ids.contains(user.id)
            return user
        }
        outcome = .success(answer)
        return answer
    }
}
