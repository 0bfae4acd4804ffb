public import Ports

/// One statement entry in full, for the entry details screen. A failure that
/// ends the session has already ended it when it arrives.
public protocol EntryDetailsReading: Sendable {
    /// Entry `id` of the signed-in user's statement in full.
    ///
    /// - Throws: why it could not be fetched; `.sessionEnded` when the backend
    ///   ended the session, `.notFound` when it does not know the entry.
    func details(id: String) async throws(SignedInFailure) -> StatementEntryDetails
}
