public import Ports

/// The users related to the signed-in one, for the related users screen. A
/// failure that ends the session has already ended it when it arrives.
public protocol RelatedUsersReading: Sendable {
    func relatedUsers() async throws(SignedInFailure) -> [RelatedUser]
}
