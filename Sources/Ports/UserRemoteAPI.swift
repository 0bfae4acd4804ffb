/// The signed-in user's routes (`/users/me`, `/users/related`). Every call
/// carries the token it is given and never refreshes it: that is the token
/// manager's job.
///
/// Contract, for every adapter:
/// - `currentUser` returns the token's user. A refused token throws
///   `.rejected(401, TOKEN_INVALID | TOKEN_EXPIRED)`; an inactive account
///   `.rejected(403, USER_INACTIVE)`; a deleted one `.rejected(410, USER_DELETED)`.
///   (A backend may also answer 200 with `active == false` or `isDeleted == true`;
///   callers treat that as the same.)
/// - `updateCurrentUser` changes only the fields given and returns the user as
///   it now is; a malformed field throws `.rejected(400, VALIDATION_FAILED,
///   fields:)`; an e-mail used by another account `.rejected(409, ALREADY_REGISTERED)`.
/// - `deleteCurrentUser` deletes the account: afterwards its tokens are refused
///   and its credentials no longer sign in.
/// - `relatedUsers` returns the users related to the token's user (possibly none).
/// - Token and account failures as for `currentUser`; network failures throw
///   `.transport`, `.timeout` or `.malformedResponse`.
public protocol UserRemoteAPI: Sendable {
    func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile
    func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError) -> UserProfile
    func deleteCurrentUser(token: AccessToken) async throws(RemoteError)
    func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser]
}
