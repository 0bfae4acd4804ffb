/// The signed-in user's routes (`/users/me`, `/users/related`).
///
/// Rules for every method and every adapter:
/// - Every call carries the token it is given and never refreshes it: that is
///   the token manager's job.
/// - A refused token throws `.rejected(401, TOKEN_INVALID)`, or
///   `.rejected(401, TOKEN_EXPIRED)` for one past its lifetime where
///   `tellsExpiredTokenApart` says so; an inactive account
///   `.rejected(403, USER_INACTIVE)`; a deleted one
///   `.rejected(410, USER_DELETED)`.
/// - Network failures throw `.transport`, `.timeout` or `.malformedResponse`.
///
/// Not every backend has every route; an adapter says which it has with two
/// flags, each constant for its lifetime, and a method whose route the backend
/// lacks throws `.rejected(404, NOT_FOUND)` at once, sending nothing.
///
/// A backend that only issues tokens (the Cora API: sign-in, refresh,
/// statement) has no user routes at all: `offersCurrentUser == false` (and so
/// `offersAccountRoutes == false`). Then:
/// - the domain takes the profile from what the sign-in knew
///   (`UserProfile.signedIn(as:)`: the identifier typed, no name) and keeps it
///   in the stored session;
/// - at launch a stored session is checked by refreshing its token through
///   the token manager instead of asking for the user, and the answer goes
///   through the same bootstrap decision table.
///
/// A backend that tells whose a token is but keeps the account elsewhere
/// (Supabase Auth: `GET /user`, no related users, no account deletion) has
/// `offersCurrentUser == true` and `offersAccountRoutes == false`: the profile
/// and the launch check come from `currentUser`, as with the full contract.
///
/// Without account routes, profile edit, related users and account deletion
/// are not offered: the signed-in area hides them and says so, and the use
/// cases answer `notOffered` without a request.
public protocol UserRemoteAPI: Sendable {
    /// Whether the backend tells whose a token is (`GET /users/me`).
    /// Constant for an adapter's lifetime. Without it, `currentUser` sends
    /// nothing and throws `.rejected(404, NOT_FOUND)`.
    var offersCurrentUser: Bool { get }

    /// Whether the backend has the account routes (`PATCH` and
    /// `DELETE /users/me`, `GET` and `PUT /users/related`). Constant for an
    /// adapter's lifetime, and never true without `offersCurrentUser`. Without
    /// them, `updateCurrentUser`, `deleteCurrentUser`, `relatedUsers` and
    /// `saveSharedWith` send nothing and throw `.rejected(404, NOT_FOUND)`.
    var offersAccountRoutes: Bool { get }

    /// Whether an access token past its lifetime is refused as
    /// `TOKEN_EXPIRED` (the wire contract) rather than as `TOKEN_INVALID`, as
    /// any token the backend cannot verify (GoTrue's `bad_jwt`). Constant for
    /// an adapter's lifetime; the token manager refreshes either way.
    var tellsExpiredTokenApart: Bool { get }

    /// Whether the profile `currentUser` answers carries the account's CPF.
    /// Constant for an adapter's lifetime. Without it the profile's `cpf` is
    /// empty: the backend keeps none (Supabase Auth, an OpenID provider).
    var profileCarriesCPF: Bool { get }

    /// The token's user.
    ///
    /// - Returns: the user the token belongs to. For an inactive or deleted
    ///   account a backend may also answer 200 with `active == false` or
    ///   `isDeleted == true` instead of throwing; callers treat that as the same.
    /// - Throws: the token and account failures shared by every method.
    func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile

    /// Changes only the fields given in `changes`.
    ///
    /// - Returns: the user as it now is.
    /// - Throws: `.rejected(400, VALIDATION_FAILED, fields:)` for a malformed
    ///   field; `.rejected(409, ALREADY_REGISTERED)` for an e-mail used by
    ///   another account; and the token and account failures shared by every
    ///   method.
    func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError) -> UserProfile

    /// Deletes the token's account: afterwards its tokens are refused and its
    /// credentials no longer sign in.
    ///
    /// - Throws: the token and account failures shared by every method.
    func deleteCurrentUser(token: AccessToken) async throws(RemoteError)

    /// The users related to the token's user.
    ///
    /// - Returns: those users, possibly none, each with `isShared` as last
    ///   saved (false for one never chosen).
    /// - Throws: the token and account failures shared by every method.
    func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser]

    /// Saves whom the token's user shares with: exactly the related users
    /// whose ids are in `ids`, every other related user no longer. The choice
    /// is the server's, so it is the same from any device and after a relaunch.
    ///
    /// - Returns: the related users as they now are (what `relatedUsers`
    ///   would answer next).
    /// - Throws: `.rejected(400, VALIDATION_FAILED, fields: ["shared": …])`,
    ///   changing nothing, when an id is not one of the related users; and the
    ///   token and account failures shared by every method.
    func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser]
}
