import DomainCore
import Ports
import Testing

/// Related users that answer what the test set; the test may change the
/// answer between calls. A call without an answer is recorded as an issue.
@MainActor
final class FakeRelatedUsersReading: RelatedUsersReading {
    var outcome: Result<[RelatedUser], SignedInFailure>?
    let gate = CallGate()
    private(set) var calls = 0

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
}
