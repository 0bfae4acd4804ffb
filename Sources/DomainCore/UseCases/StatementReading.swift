public import Ports

/// The signed-in user's statement, for the statement list. A failure that
/// ends the session has already ended it when it arrives.
public protocol StatementReading: Sendable {
    /// The signed-in user's statement.
    ///
    /// - Throws: why it could not be fetched; `.sessionEnded` when the backend
    ///   ended the session.
    func statement() async throws(SignedInFailure) -> Statement
}
