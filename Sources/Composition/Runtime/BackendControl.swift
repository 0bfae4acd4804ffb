public import Ports

/// An account state the backend's control switch can set.
public enum ServerAccountState: String, Sendable, Hashable, CaseIterable {
    case active
    case inactive
    case deleted
}

/// How the next matching requests fail (`server fault …`).
public enum ServerFaultMode: Sendable, Hashable {
    case status(Int)
    case delay(Duration)
    case drop
    case malformed
    case hang
}

/// The backend's counters (`expect metric …`).
public struct ServerMetrics: Sendable, Hashable {
    public var requests: [String: Int]
    public var logins: Int
    public var refreshes: Int
    public var refreshesRejected: Int
    public var tokensLive: Int

    public init(requests: [String: Int], logins: Int, refreshes: Int, refreshesRejected: Int, tokensLive: Int) {
        self.requests = requests
        self.logins = logins
        self.refreshes = refreshes
        self.refreshesRejected = refreshesRejected
        self.tokensLive = tokensLive
    }

    /// A metric by the name scripts use: `refreshes`, `logins`,
    /// `refreshesRejected`, `tokensLive`, or `requests.ROUTE`.
    public func value(named name: String) -> Int? {
        switch name {
        case "logins": return logins
        case "refreshes": return refreshes
        case "refreshesRejected": return refreshesRejected
        case "tokensLive": return tokensLive
        default:
            guard name.hasPrefix("requests.") else { return nil }
            return requests[String(name.dropFirst("requests.".count)), default: 0]
        }
    }
}

/// What the simulated person does in a sign-in outside the app, or how the
/// simulated authorization server answers it (`person …`, `server
/// slows-down`; docs/spec/script-language.md). Each acts on the latest
/// attempt still waiting for the person.
public enum PersonAction: Sendable, Hashable, CustomStringConvertible {
    /// Signs in on the backend's page with this identifier (a CPF, digits or
    /// formatted, or an e-mail) and password, as a script wrote them.
    case signsIn(identifier: String, password: String)
    /// Refuses (OAuth 2.0's `access_denied`).
    case denies
    /// The browser comes back with an answer for another attempt (another `state`).
    case answersForAnotherAttempt
    /// The next poll of the device flow answers `slow_down`.
    case serverSlowsDown
    /// Confirms the account a sign-up made, with the link the backend sent
    /// (an identifier with an `@` is its e-mail, any other its CPF).
    case confirmsAccount(identifier: String)

    /// The action, its password bulleted.
    public var description: String {
        switch self {
        case .signsIn(let identifier, _): "person signs-in \(identifier) ••••••"
        case .denies: "person denies"
        case .answersForAnotherAttempt: "person answers-another-attempt"
        case .serverSlowsDown: "server slows-down"
        case .confirmsAccount(let identifier): "person confirms \(identifier)"
        }
    }

    /// The credentials of `.signsIn`: an identifier with an `@` is an
    /// e-mail, any other a CPF (its digits).
    package var credentials: Credentials? {
        guard case .signsIn(let identifier, let password) = self else { return nil }
        let login: LoginIdentifier =
            identifier.contains("@") ? .email(identifier) : .cpf(identifier.filter(\.isNumber))
        return Credentials(identifier: login, password: Password(password))
    }
}

/// Why the backend's control switch did not do what was asked.
public struct BackendControlError: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// The backend's control switches (the control API, docs/spec/control-api.md),
/// for scripts, acceptance runs and the demo. Only test backends have them.
public protocol BackendControl: Sendable {
    func setHealthy(_ healthy: Bool) async throws(BackendControlError)
    func setAccountState(cpf: String, _ state: ServerAccountState) async throws(BackendControlError)
    func revokeAllTokens() async throws(BackendControlError)
    func addFault(route: String, mode: ServerFaultMode, count: Int) async throws(BackendControlError)
    func clearFaults() async throws(BackendControlError)
    func metrics() async throws(BackendControlError) -> ServerMetrics
    func reset() async throws(BackendControlError)
    /// Plays the person of a sign-in outside the app (or the server's
    /// `slow_down`). Only the in-memory backend simulates one.
    func act(_ action: PersonAction) async throws(BackendControlError)
    /// Every secret the backend knows of (tokens it issued, account
    /// passwords), each with its kind, for a check that none reached the output.
    func knownSecrets() async -> [KnownSecret]
}

/// A secret a run knows of — a token the backend issued, an account's
/// password, the API key — so that a check can prove none reached the output.
/// Redacted when printed; a leak is reported by its `kind`, never its value.
public struct KnownSecret: RedactedSecret {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case token
        case password
        case apiKey = "API key"
    }

    public let kind: Kind
    private let value: String

    public init(_ kind: Kind, _ value: String) {
        self.kind = kind
        self.value = value
    }

    public func reveal() -> String { value }
}
