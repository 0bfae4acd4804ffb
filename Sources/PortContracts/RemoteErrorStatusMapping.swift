public import Ports

/// The error statuses every remote contract runs its mapping over: each a
/// status a real backend, a proxy or a gateway answers.
public let errorStatusesOnTheWire = [400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503, 504]

/// What an error answer carries, for a fault a check injects.
public enum ErrorAnswerBody: String, Sendable, Hashable, CaseIterable {
    /// The dialect's own error envelope, with no code that says anything about the person.
    case dialect
    /// No body at all (a proxy's bare status).
    case empty
    /// Bytes that are not the dialect's (a proxy's HTML page).
    case unreadable
}

/// How the next call of a route fails, for a check of what the adapter
/// makes of it.
public enum RemoteCallFailure: Sendable, Hashable {
    /// The server answers this status with this body.
    case status(Int, body: ErrorAnswerBody)
    /// The connection is dropped before an answer.
    case drop
    /// A 200 whose body is not the route's.
    case malformed
    /// The server refuses for this reason as its dialect does, status and
    /// body its own.
    case refusal(DialectRefusal)
    /// The request is served, and its answer delivered as this hostile
    /// fault says; a control of an adapter over no wire throws `NoWire`.
    case transport(TransportFault)
}

/// The health contract's name of `RemoteCallFailure`, before every remote
/// contract shared it.
@available(*, deprecated, renamed: "RemoteCallFailure")
public typealias HealthCallFailure = RemoteCallFailure

/// `RemoteError`'s promise for an error answer ("An error answer, by its
/// status"), as checks: each problem names what an error breaks. A dialect
/// that maps a 503 to wrong credentials, or a 401 to a server failure, is
/// told here by name.
public enum RemoteErrorStatusMapping {
    /// What `error`, thrown for an answer of `status`, breaks of the
    /// promise; empty when it keeps it.
    public static func problems(of error: RemoteError, answering status: Int) -> [String] {
        var problems: [String] = []
        switch error {
        case .transport, .timeout: problems.append("the server answered: not a transport failure or a timeout")
        case .rejected(let given, _, _) where given != status:
            problems.append("a rejection keeps the status the server answered (\(status))")
        default: break
        }
        let serverFailed = status >= 500 || status == 408 || status == 429
        if serverFailed {
            if error.saysSomethingAboutThePerson {
                problems.append(
                    "a \(status) is the server's failure, never an answer about the credentials, token or account")
            }
            if case .misconfigured = error { problems.append("a \(status) says nothing about the app's configuration") }
            if status >= 500, !error.isInfrastructure { problems.append("a 5xx is a failure of the server") }
        }
        if status == 401 {
            switch error {
            case .malformedResponse, .transport, .timeout:
                problems.append("a 401 answers about the credentials, the token or the app: never a server failure")
            default: break
            }
        }
        return problems
    }
}

extension RemoteError {
    /// Whether the error tells the person something about themselves — their
    /// credentials, their token, their account or what they typed — rather
    /// than about the server.
    public var saysSomethingAboutThePerson: Bool {
        if case .signInRefused = self { return true }
        if isTokenRefused || isAccountUnusable { return true }
        switch code {
        case .invalidCredentials, .alreadyRegistered, .validationFailed, .notFound: return true
        default: return false
        }
    }
}
