/// The error codes of the wire contract (`CONTRACT.md`), as the server sends them.
public enum RemoteErrorCode: String, Sendable, Hashable, CaseIterable {
    case invalidCredentials = "INVALID_CREDENTIALS"
    case tokenInvalid = "TOKEN_INVALID"
    case tokenExpired = "TOKEN_EXPIRED"
    case userInactive = "USER_INACTIVE"
    case userDeleted = "USER_DELETED"
    case alreadyRegistered = "ALREADY_REGISTERED"
    case validationFailed = "VALIDATION_FAILED"
    case notFound = "NOT_FOUND"
    case apiKeyInvalid = "API_KEY_INVALID"
    case badRequest = "BAD_REQUEST"
}

/// Why a remote call failed — the one error type every remote port throws.
/// Adapters map their technology's failures onto it at the edge; no case
/// carries a token, password or API key.
public enum RemoteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with an error status. `code` is the contract's code
    /// when the body carried one (a bare 401 from the Cora backend has none);
    /// `fields` holds per-field reasons of `VALIDATION_FAILED`.
    case rejected(status: Int, code: RemoteErrorCode?, fields: [String: String] = [:])
    /// The server could not be reached or the connection broke.
    case transport(String)
    /// No answer within the adapter's timeout.
    case timeout
    /// The server answered, but not with what the contract says.
    case malformedResponse(String)

    /// The contract's code, when the server sent one.
    public var code: RemoteErrorCode? {
        if case .rejected(_, let code, _) = self { return code }
        return nil
    }

    /// The HTTP status, when the server answered.
    public var status: Int? {
        if case .rejected(let status, _, _) = self { return status }
        return nil
    }

    /// The token was refused: `TOKEN_INVALID`, `TOKEN_EXPIRED`, or a bare 401
    /// (the Cora backend sends no body). A refresh may cure it.
    public var isTokenRefused: Bool {
        switch code {
        case .tokenInvalid, .tokenExpired: return true
        case nil: return status == 401
        default: return false
        }
    }

    /// The account can no longer be used: inactive or deleted. No refresh cures it.
    public var isAccountUnusable: Bool {
        code == .userInactive || code == .userDeleted
    }

    /// A failure of the network or the server rather than an answer about the
    /// user: transport, timeout, malformed body, or a 5xx.
    public var isInfrastructure: Bool {
        switch self {
        case .transport, .timeout, .malformedResponse: return true
        case .rejected(let status, _, _): return status >= 500
        }
    }

    public var description: String {
        switch self {
        case .rejected(let status, let code, let fields):
            let fieldText = fields.isEmpty ? "" : " fields: " + fields.keys.sorted().joined(separator: ",")
            return "rejected (\(status) \(code?.rawValue ?? "no code"))\(fieldText)"
        case .transport(let reason): return "transport failure: \(reason)"
        case .timeout: return "timed out"
        case .malformedResponse(let reason): return "malformed response: \(reason)"
        }
    }
}
