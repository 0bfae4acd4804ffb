import AdapterInMemory

/// Which backend the reference server plays: the whole wire contract, or
/// only what a real backend serves. A route a profile does not offer is
/// answered exactly as a path nobody serves (404 `NOT_FOUND`, or 403 without
/// the key), so a client cannot tell it from the real thing; the control API
/// (`/_control/*`) stays in every profile, for tests.
public enum ServerProfile: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Every route of the contract: auth, statement, health, users, sign-up.
    case full
    /// The Cora challenge's API as it really is: sign-in by CPF and refresh
    /// on `POST /challenge/auth`, the statement list and an entry's details.
    /// No `/health`, no `/users/...`, no sign-up, no sign-in by e-mail.
    case cora

    /// The routes this profile serves, as `BackendRoute` names them.
    public var routes: [String] {
        switch self {
        case .full: BackendRoute.all
        case .cora: [BackendRoute.auth, BackendRoute.statementList, BackendRoute.statementDetails]
        }
    }

    /// Whether `POST /challenge/auth` takes `{email, password}` as well as `{cpf, password}`.
    public var signsInByEmail: Bool { self == .full }

    /// Whether this profile serves `method` on `path` (a concrete path: a
    /// details path stands for `/challenge/details/:id`).
    public func offers(method: String, path: String) -> Bool {
        routes.contains("\(method) \(Self.template(of: path))")
    }

    /// Whether this profile serves `path` with any method.
    public func offers(path: String) -> Bool {
        let template = Self.template(of: path)
        return routes.contains { $0.hasSuffix(" \(template)") }
    }

    /// The methods this profile serves on `path`, in the contract's order;
    /// empty for a path it does not serve.
    public func methods(for path: String) -> [String] {
        let template = Self.template(of: path)
        return routes.compactMap { route in
            let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
            return parts.count == 2 && parts[1] == template ? parts[0] : nil
        }
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

    /// The route template a concrete path belongs to.
    private static func template(of path: String) -> String {
        let details = "/challenge/details/"
        return path.hasPrefix(details) ? "\(details):id" : path
    }
}
