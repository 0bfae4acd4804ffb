public import Ports

/// The related users and whom the signed-in user shares with among them, for
/// the related users screen (the start-up views spec's CanShareWithView). A
/// failure that ends the session has already ended it when it arrives.
public protocol RelatedUsersChoosing: RelatedUsersReading {
    /// Shares with exactly the related users whose ids are in `ids`; the
    /// choice is kept by the server, so it survives a relaunch.
    ///
    /// - Returns: the related users as they now are.
    /// - Throws: why it could not be saved (nothing changed then);
    ///   `.notOffered` without sending anything when the backend has no route for it.
    func saveSharedWith(_ ids: Set<String>) async throws(SignedInFailure) -> [RelatedUser]
}
