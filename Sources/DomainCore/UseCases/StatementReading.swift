public import Ports

/// The signed-in user's statement, for the statement list. A failure that
/// ends the session has already ended it when it arrives.
public protocol StatementReading: Sendable {
    func statement() async throws(SignedInFailure) -> Statement
}
