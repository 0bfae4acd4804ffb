public import BoundedHTTP
public import Ports
import WireContract

/// `UserRemoteAPI` over the wire contract (`WireRoute.currentUser` and the
/// other user routes of the table).
/// A 200 with `active: false` or `is_deleted: true` is returned as it is: the
/// port leaves that decision to the caller (the bootstrap table).
public struct URLSessionUserRemoteAPI: UserRemoteAPI {
    private let transport: HTTPTransport
    /// Whether the server has the account routes (set by the environment).
    public let offersAccountRoutes: Bool
    /// The wire contract's: an expired token is `TOKEN_EXPIRED`.
    public var tellsExpiredTokenApart: Bool { true }
    /// The wire contract's profile has the CPF.
    public var profileCarriesCPF: Bool { true }

    /// - Parameter offersAccountRoutes: whether the server has the account
    ///   routes besides the current user's (the wire contract's do; an OpenID
    ///   provider that serves only the profile does not): without them the
    ///   four account methods send nothing and throw `.rejected(404,
    ///   NOT_FOUND)`, as the port says, and the app offers none of their actions.
    public init(configuration: HTTPConfiguration, offersAccountRoutes: Bool = true) {
        transport = HTTPTransport(configuration: configuration)
        self.offersAccountRoutes = offersAccountRoutes
    }

    /// This backend has the current user's route; the account routes where
    /// it says so.
    public var offersCurrentUser: Bool { true }

    private func requireAccountRoutes() throws(RemoteError) {
        guard offersAccountRoutes else { throw .rejected(status: 404, code: .notFound) }
    }

    public func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        try WireFormat.user(
            try await object(HTTPRequest(.currentUser, limit: .profile, token: token)))
    }

    public func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError)
        -> UserProfile
    {
        try requireAccountRoutes()
        var body: [String: any Sendable] = [:]
        if let name = changes.name { body["name"] = name }
        if let email = changes.email { body["email"] = email }
        return try WireFormat.user(
            try await object(HTTPRequest(.updateCurrentUser, limit: .profile, body: body, token: token)))
    }

    public func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        try requireAccountRoutes()
        let (status, data) = try await transport.send(
            HTTPRequest(.deleteCurrentUser, limit: .profile, token: token))
        guard (200..<300).contains(status) else { throw WireFormat.rejection(status: status, body: data) }
        // The contract answers 204; any other success must at least be a readable body.
        if status != 204, !data.isEmpty { _ = try WireFormat.object(data) }
    }

    public func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try requireAccountRoutes()
        return try Self.relatedUsers(
            try await object(HTTPRequest(.relatedUsers, limit: .relatedUsers, token: token)))
    }

    /// Sends the ids sorted, so the same choice is always the same body.
    public func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try requireAccountRoutes()
        let request = HTTPRequest(
            .saveSharedWith, limit: .relatedUsers, body: ["shared": ids.sorted()], token: token)
        return try Self.relatedUsers(try await object(request))
    }

    /// `{"users": [...]}`; a user without `shared` (a backend from before the
    /// choice) is not shared with, and a `shared` that is not a boolean is malformed.
    private static func relatedUsers(_ answer: WireFormat.Object) throws(RemoteError) -> [RelatedUser] {
        var users: [RelatedUser] = []
        for user in try WireFormat.array(answer, "users") {
            users.append(
                RelatedUser(
                    id: try WireFormat.string(user, "id"), name: try WireFormat.string(user, "name"),
                    email: try WireFormat.string(user, "email"),
                    isShared: user["shared"] == nil ? false : try WireFormat.bool(user, "shared")))
        }
        return users
    }

    private func object(_ request: HTTPRequest) async throws(RemoteError) -> WireFormat.Object {
        let (status, data) = try await transport.send(request)
        guard (200..<300).contains(status) else { throw WireFormat.rejection(status: status, body: data) }
        return try WireFormat.object(data)
    }
}
