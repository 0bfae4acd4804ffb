public import Ports

/// The users related to the signed-in one, for the related users screen. A
/// failure that ends the session has already ended it when it arrives.
public protocol RelatedUsersReading: Sendable {
    /// The users related to the signed-in one (possibly none).
    ///
    /// - Throws: why they could not be fetched; `.notOffered` without sending
    ///   anything when the backend has no route for them.
    func relatedUsers() async throws(SignedInFailure) -> [RelatedUser]
}
