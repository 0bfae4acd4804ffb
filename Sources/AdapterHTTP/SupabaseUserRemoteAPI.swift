public import BoundedHTTP
public import Ports

/// `UserRemoteAPI` over Supabase Auth: the signed-in user from `GET /user`
/// (Bearer and `apikey`), read into the profile the app shows — the id, the
/// e-mail, and a name from `user_metadata` (`name`, else `full_name`) when the
/// project stores one, else none. Supabase keeps no CPF: the profile's CPF is
/// empty. A banned account's token is refused by Supabase (`user_banned`,
/// read as `USER_INACTIVE`); the answer itself is always an active account.
///
/// Supabase Auth has no related users and no account deletion for the user
/// itself, and its profile edit (`PUT /user`) is not wired here: those calls
/// answer `NOT_FOUND` at once, sending nothing.
///
/// Built from Supabase Auth's public source, not tried against a live
/// Supabase. The configuration must send tokens as Bearer.
public struct SupabaseUserRemoteAPI: UserRemoteAPI {
    private let transport: HTTPTransport

    /// An adapter for the Supabase Auth at `configuration`'s base URL.
    public init(configuration: HTTPConfiguration) {
        transport = HTTPTransport(configuration: configuration)
    }

    /// Supabase has the profile (`GET /user`), so a stored session is checked
    /// by asking for it.
    public var offersCurrentUser: Bool { true }
    /// No account routes here: the signed-in area offers no profile edit,
    /// related users or deletion, and these calls answer `NOT_FOUND`.
    public var offersAccountRoutes: Bool { false }
    /// GoTrue refuses an expired JWT as `bad_jwt`, as any token it cannot verify.
    public var tellsExpiredTokenApart: Bool { false }
    /// GoTrue keeps no CPF.
    public var profileCarriesCPF: Bool { false }

    public func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        let (status, data) = try await transport.send(
            HTTPRequest(method: "GET", path: "user", limit: .profile, token: token))
        guard (200..<300).contains(status) else {
            throw SupabaseErrorMapping.error(status: status, body: data, for: .bearer)
        }
        return try Self.profile(try WireFormat.object(data))
    }

    /// Supabase's user: `id` required; `email` text, or empty for a
    /// phone-only account (null or absent); the name from `user_metadata`.
    static func profile(_ user: WireFormat.Object) throws(RemoteError) -> UserProfile {
        let metadata = user["user_metadata"] as? WireFormat.Object ?? [:]
        let name = (metadata["name"] as? String) ?? (metadata["full_name"] as? String) ?? ""
        return UserProfile(
            id: try WireFormat.string(user, "id"), name: name, email: user["email"] as? String ?? "", cpf: "",
            active: true, isDeleted: false)
    }

    public func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError)
        -> UserProfile
    { throw .rejected(status: 404, code: .notFound) }

    public func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        throw .rejected(status: 404, code: .notFound)
    }

    public func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        throw .rejected(status: 404, code: .notFound)
    }

    public func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        throw .rejected(status: 404, code: .notFound)
    }
}
