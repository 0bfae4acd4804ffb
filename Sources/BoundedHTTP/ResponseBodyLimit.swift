/// The most bytes an answer's body may hold on one route. A server is
/// hostile until proven otherwise: a body past its route's limit fails the
/// call as `RemoteError.malformedResponse` the moment it is known — at the
/// answer's head when its `Content-Length` says so, else as the byte past the
/// limit arrives — and is never held whole (`HTTPExchange`).
///
/// Each limit is far above what the route's contract answer can be, and far
/// below what would strain the app: the statement, the one list that grows
/// with use, gets the most. The limit holds whatever the status: an error
/// body is as bounded as a success. `docs/threat-model.md` lists them.
///
/// A body is also refused when it comes in more pieces than `pieces`: on
/// Linux URLSession keeps about half a kilobyte of its own for every piece it
/// hands over (a chunk of a chunked body, or what one read brought), until it
/// catches up, so a body in countless one-byte chunks would fill memory
/// without passing any byte limit. A server's pieces are rarely under a few
/// hundred bytes: the count allows one per 128 bytes of the limit, and at
/// least 1,024.
public struct ResponseBodyLimit: Sendable, Hashable {
    /// The limit in bytes.
    public let bytes: Int

    /// The most pieces the body may arrive in.
    public var pieces: Int { max(1024, bytes / 128) }

    /// A limit of `bytes`.
    public init(bytes: Int) {
        self.bytes = bytes
    }

    /// A token answer (the wire contract's `{"token"}`, an OAuth 2.0 or
    /// Supabase token answer with its `user`), and every other answer of a
    /// sign-in, refresh, sign-up, sign-out or revocation: 64 KiB.
    public static let authAnswer = ResponseBodyLimit(bytes: 64 * 1024)
    /// One user's profile (`WireRoute.currentUser`, Supabase's `GET /user`): 64 KiB.
    public static let profile = ResponseBodyLimit(bytes: 64 * 1024)
    /// The related users (`WireRoute.relatedUsers`): 1 MiB.
    public static let relatedUsers = ResponseBodyLimit(bytes: 1024 * 1024)
    /// The statement (`WireRoute.statementList`), every entry in one answer: 8 MiB.
    public static let statement = ResponseBodyLimit(bytes: 8 * 1024 * 1024)
    /// One statement entry's details (`WireRoute.statementDetails`): 64 KiB.
    public static let entryDetails = ResponseBodyLimit(bytes: 64 * 1024)
    /// A health answer (`WireRoute.health`): 16 KiB.
    public static let health = ResponseBodyLimit(bytes: 16 * 1024)
    /// A test server's control API (`/_control/*`): 1 MiB.
    public static let control = ResponseBodyLimit(bytes: 1024 * 1024)
}
