import DomainCore
import Ports
import Testing

/// A statement that answers what the test set; the test may change the answer
/// between calls. A call without an answer is recorded as an issue.
@MainActor
final class FakeStatementReading: StatementReading {
    var outcome: Result<Statement, SignedInFailure>?
    let gate = CallGate()
    private(set) var calls = 0

    init(outcome: Result<Statement, SignedInFailure>? = nil) {
        self.outcome = outcome
    }

    func statement() async throws(SignedInFailure) -> Statement {
        calls += 1
        await gate.pass()
        guard let outcome else {
            Issue.record("statement was called, but the test set no outcome for it")
            throw .server
        }
        return try outcome.get()
    }
}
