/// The wire contract's routes (docs/spec/wire-contract.md, "Routes";
/// docs/openapi.yaml), declared once: the HTTP adapters build their requests
/// from this table, the reference server matches requests against it, and the
/// in-memory backend counts and faults requests by its keys. Each path string
/// is written here and nowhere else in the adapters or the server
/// (`RouteStringPlacementTests`), so a route cannot drift between the client
/// and the server that tests it. The control API (`/_control/*`) is not here:
/// it belongs to the test backends, not to the contract a real backend keeps.
///
/// An enum, so that a `switch` over the routes (the server's) is exhaustive:
/// a route added here does not compile until the server serves it.
public enum WireRoute: CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Sign-in (`{cpf | email, password}`) and refresh (`{token}`): one route,
    /// as the Cora API has it; the body says which.
    case auth
    /// Sign-out: ends the token sent in the header. The reference server's
    /// full profile has it; the Cora API does not.
    case signOut
    /// The signed-in user's statement.
    case statementList
    /// One statement entry in full; its `id` is the path's last segment.
    case statementDetails
    /// Whether the backend is fit to serve.
    case health
    /// The token's user.
    case currentUser
    /// Changes the token's user's name or e-mail.
    case updateCurrentUser
    /// Deletes the token's user's account.
    case deleteCurrentUser
    /// The people the user may share with.
    case relatedUsers
    /// Saves whom the user shares with among the related users.
    case saveSharedWith
    /// Registers an account; never issues a token.
    case register

    /// What a request of a route must carry.
    public enum Authorization: Sendable, Hashable {
        /// Nothing: a health check must work before anyone has a key or a token.
        case noCredentials
        /// The `apikey` header only: the routes that issue a token or an account.
        case apiKey
        /// The `apikey` header and the token (`token:` or `Authorization: Bearer`).
        case apiKeyAndToken
    }

    /// The table itself: one line per route, so the whole contract reads at a glance.
    private var declaration: (method: String, template: String, authorization: Authorization) {
        switch self {
        case .auth: ("POST", "/challenge/auth", .apiKey)
        case .signOut: ("DELETE", "/challenge/auth", .apiKeyAndToken)
        case .statementList: ("GET", "/challenge/list", .apiKeyAndToken)
        case .statementDetails: ("GET", "/challenge/details/:id", .apiKeyAndToken)
        case .health: ("GET", "/health", .noCredentials)
        case .currentUser: ("GET", "/users/me", .apiKeyAndToken)
        case .updateCurrentUser: ("PATCH", "/users/me", .apiKeyAndToken)
        case .deleteCurrentUser: ("DELETE", "/users/me", .apiKeyAndToken)
        case .relatedUsers: ("GET", "/users/related", .apiKeyAndToken)
        case .saveSharedWith: ("PUT", "/users/related", .apiKeyAndToken)
        case .register: ("POST", "/users", .apiKey)
        }
    }

    /// Every route of the contract, in the table's order (the order the
    /// reference server lists a path's methods in, in a 405's `Allow`).
    public static var all: [WireRoute] { allCases }

    /// The HTTP method, as it goes on the request line (`GET`).
    public var method: String { declaration.method }

    /// The path as the contract writes it, from the root: `/challenge/details/:id`.
    /// A segment `:name` stands for one segment of the concrete path.
    public var template: String { declaration.template }

    /// What a request of this route must carry.
    public var authorization: Authorization { declaration.authorization }

    /// The route's name where a person or a script names it: `POST /challenge/auth`.
    /// Faults, metrics, the control API and acceptance scripts use exactly
    /// these strings, so they must never change spelling.
    public var key: String { "\(method) \(template)" }

    /// The key: a route printed in a test's output or a message reads as the contract writes it.
    public var description: String { key }

    /// The route whose key is `key`; nil for any other text.
    public init?(key: String) {
        guard let route = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = route
    }

    /// The concrete path to send, from the root: the template with each
    /// `:name` segment replaced by `values[name]`, encoded as one segment
    /// (`WirePathSegment`), so no value can add a segment or climb out of
    /// its route. A parameter without a value is sent as an empty segment,
    /// which no route serves: the server answers it 404.
    public func path(_ values: [String: String] = [:]) -> String {
        Self.segments(of: template).map { segment in
            guard let name = Self.parameterName(segment) else { return String(segment) }
            return WirePathSegment.encode(values[name] ?? "")
        }
        .joined(separator: "/")
    }

    /// The values of this route's parameters if `path` (from the root, no
    /// query) is a path of this route, whatever the method; nil if it is not.
    /// A `:name` segment matches one non-empty segment, percent-decoded: the
    /// inverse of `path(_:)`.
    public func parameters(in path: String) -> [String: String]? {
        let expected = Self.segments(of: template)
        let actual = Self.segments(of: path)
        guard expected.count == actual.count else { return nil }
        var values: [String: String] = [:]
        for (pattern, segment) in zip(expected, actual) {
            if let name = Self.parameterName(pattern) {
                guard !segment.isEmpty, let decoded = WirePathSegment.decode(segment) else { return nil }
                values[name] = decoded
            } else if pattern != segment {
                return nil
            }
        }
        return values
    }

    /// A route of `routes` serving `method` on `path`, with its parameters'
    /// values; nil when none does. The server asks this of the routes its
    /// profile serves.
    public static func match(method: String, path: String, among routes: [WireRoute] = all) -> Match? {
        for route in routes where route.method == method {
            if let values = route.parameters(in: path) { return Match(route: route, parameters: values) }
        }
        return nil
    }

    /// A request's route and the values its path gave the route's parameters.
    public struct Match: Sendable, Hashable {
        /// The route served.
        public let route: WireRoute
        /// Each `:name` of the template with the decoded segment the path had there.
        public let parameters: [String: String]

        /// A match of `route` with `parameters`, as `match(method:path:among:)` finds it.
        public init(route: WireRoute, parameters: [String: String]) {
            self.route = route
            self.parameters = parameters
        }
    }

    /// `/a/b` → `["", "a", "b"]`: the empty first segment keeps a relative
    /// path (`a/b`) from matching a rooted one.
    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: false)
    }

    private static func parameterName(_ segment: Substring) -> String? {
        segment.first == ":" ? String(segment.dropFirst()) : nil
    }
}
