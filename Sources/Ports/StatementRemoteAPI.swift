/// The Cora challenge's statement routes (`/challenge/list`,
/// `/challenge/details/:id`). Every call carries the token it is given.
///
/// Contract, for every adapter:
/// - `statement` returns the token's user's statement: sections by date, each
///   with at least one item, and `itemsTotal` equal to the number of items.
/// - `entryDetails` returns the details of an id the statement lists, with the
///   same amount, description and date as the listed item; an unknown id
///   throws `.rejected(404, NOT_FOUND)`.
/// - A refused token throws `.rejected(401, TOKEN_INVALID | TOKEN_EXPIRED)`;
///   account states as `UserRemoteAPI`; network failures `.transport`,
///   `.timeout` or `.malformedResponse`.
public protocol StatementRemoteAPI: Sendable {
    func statement(token: AccessToken) async throws(RemoteError) -> Statement
    func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails
}
