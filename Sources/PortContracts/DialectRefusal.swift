public import Ports

/// A refusal a real backend answers in words of its own, which the contract
/// has the stand-in answer as its dialect does (`RemoteCallFailure.refusal`):
/// Google's Identity Toolkit throttles with a `400 TOO_MANY_ATTEMPTS_TRY_LATER`, Supabase
/// with a `429 over_request_rate_limit`. A neutral status cannot tell an
/// adapter that reads its dialect's throttle as wrong credentials; the
/// dialect's own answer does.
public enum DialectRefusal: String, Sendable, Hashable, CaseIterable {
    /// Too many requests: try later. The port's words are a 429 with no
    /// code (`RemoteError`, "A refusal the dialect names").
    case throttled
    /// The service is down or in maintenance: the server's failure.
    case unavailable
    /// The server failed at what it was doing: the server's failure.
    case serverFailure

    /// What `error`, thrown for the dialect's answer of this refusal,
    /// breaks of `RemoteError`'s promise; empty when it keeps it.
    public func problems(of error: RemoteError) -> [String] {
        var problems: [String] = []
        if error.saysSomethingAboutThePerson {
            problems.append("a refusal of the server (\(rawValue)) is never an answer about the person")
        }
        if case .misconfigured = error { problems.append("a \(rawValue) answer says nothing about the app's setup") }
        switch self {
        case .throttled:
            if error != .rejected(status: 429, code: nil) {
                problems.append("a throttle the dialect names is the port's 429 with no code")
            }
        case .unavailable, .serverFailure:
            if !error.isInfrastructure { problems.append("a \(rawValue) answer is a failure of the server") }
        }
        return problems
    }
}
