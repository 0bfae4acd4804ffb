import DomainCore
import Ports
import Testing

/// An entry's details that answer what the test set; the test may change the
/// answer between calls. A call without an answer is recorded as an issue.
@MainActor
final class FakeEntryDetailsReading: EntryDetailsReading {
    var outcome: Result<StatementEntryDetails, SignedInFailure>?
    let gate = CallGate()
    private(set) var requestedIDs: [String] = []

    init(outcome: Result<StatementEntryDetails, SignedInFailure>? = nil) {
        self.outcome = outcome
    }

    func details(id: String) async throws(SignedInFailure) -> StatementEntryDetails {
        requestedIDs.append(id)
        await gate.pass()
        guard let outcome else {
            Issue.record("details(id:) was called, but the test set no outcome for it")
            throw .server
        }
        return try outcome.get()
    }
}
