public import Ports

/// One statement entry in full, for the entry details screen. A failure that
/// ends the session has already ended it when it arrives.
public protocol EntryDetailsReading: Sendable {
    func details(id: String) async throws(SignedInFailure) -> StatementEntryDetails
}
