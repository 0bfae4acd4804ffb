/// The Cora challenge's statement routes (`/challenge/list`,
/// `/challenge/details/:id`).
///
/// Rules for every method and every adapter:
/// - Every call carries the token it is given.
/// - A refused token throws `.rejected(401, TOKEN_INVALID | TOKEN_EXPIRED)`;
///   an inactive account `.rejected(403, USER_INACTIVE)`; a deleted one
///   `.rejected(410, USER_DELETED)`.
/// - Network failures throw `.transport`, `.timeout` or `.malformedResponse`.
public protocol StatementRemoteAPI: Sendable {
    /// The token's user's statement.
    ///
    /// - Returns: sections by date, each with at least one item, and
    ///   `itemsTotal` equal to the number of items.
    /// - Throws: the token and account failures shared by every method.
    func statement(token: AccessToken) async throws(RemoteError) -> Statement

    /// One entry of the statement in full.
    ///
    /// - Returns: for an id the statement lists, its details, with the same
    ///   amount, description and date as the listed item.
    /// - Throws: `.rejected(404, NOT_FOUND)` for an unknown id; and the token
    ///   and account failures shared by every method.
    func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails
}
