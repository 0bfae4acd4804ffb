import SimulatedBackend
public import WireContract

/// Which backend the reference server plays: the whole wire contract, or
/// only what a real backend serves. A route a profile does not offer is
/// answered exactly as a path nobody serves (404 `NOT_FOUND`, or 403 without
/// the key), so a client cannot tell it from the real thing; the control API
/// (`/_control/*`) stays in every profile, for tests.
public enum ServerProfile: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Every route of the contract: auth, statement, health, users, sign-up.
    case full
    /// The Cora challenge's API as it really is: sign-in by CPF and refresh
    /// (`WireRoute.auth`), the statement list and an entry's details. No
    /// health route, no user routes, no sign-up, no sign-in by e-mail.
    case cora

    /// The routes of the table (`WireRoute`) this profile serves, in the table's order.
    public var servedRoutes: [WireRoute] {
        switch self {
        case .full: WireRoute.all
        case .cora: [.auth, .statementList, .statementDetails]
        }
    }

    /// The routes this profile serves, by the keys faults and metrics use (`BackendRoute`).
    public var routes: [String] { servedRoutes.map(\.key) }

    /// Whether `WireRoute.auth` takes `{email, password}` as well as `{cpf, password}`.
    public var signsInByEmail: Bool { self == .full }

    /// The route this profile serves for `method` on `path` (a concrete
    /// path, no query), with its parameters; nil when it serves none.
    public func route(method: String, path: String) -> WireRoute.Match? {
        WireRoute.match(method: method, path: path, among: servedRoutes)
    }

    /// Whether this profile serves `method` on `path` (a concrete path: a
    /// details path stands for the details route's template).
    public func offers(method: String, path: String) -> Bool {
        route(method: method, path: path) != nil
    }

    /// Whether this profile serves `path` with any method.
    public func offers(path: String) -> Bool {
        !methods(for: path).isEmpty
    }

    /// The methods this profile serves on `path`, in the table's order;
    /// empty for a path it does not serve.
    public func methods(for path: String) -> [String] {
        servedRoutes.filter { $0.parameters(in: path) != nil }.map(\.method)
    }

    /// Whether a request to `path` may come without the API key whatever its
    /// method: the profile serves the path with a route that needs nothing
    /// (health), so a wrong method there is only a wrong method (405), not a
    /// missing key.
    func needsNoKey(path: String) -> Bool {
        servedRoutes.contains { $0.authorization == .noCredentials && $0.parameters(in: path) != nil }
    }

    /// The profile `name` names (`full`, `cora`).
    public init(named name: String) throws(ReferenceServerError) {
        guard let profile = ServerProfile(rawValue: name) else {
            throw ReferenceServerError(
                description:
                    "unknown profile '\(name)': the profiles are \(Self.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        self = profile
    }

    public var description: String { rawValue }
}
