public import Ports

/// An error answer of the simulated backend, in wire form: the status, the
/// contract's code (none for an answer the contract gives no code), a human message and, for `VALIDATION_FAILED`, per-field
/// reasons. The in-memory adapters turn it into `RemoteError`; a loopback HTTP
/// server writes it as `{"code", "message", "fields"?}`. No message ever
/// contains a token, password or API key.
public struct BackendRejection: Error, Sendable, Hashable, CustomStringConvertible {
    public let status: Int
    public let code: RemoteErrorCode?
    public let message: String
    public let fields: [String: String]

    public init(status: Int, code: RemoteErrorCode?, message: String, fields: [String: String] = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
    }

    /// The port's view of this answer.
    public var remoteError: RemoteError {
        .rejected(status: status, code: code, fields: fields)
    }

    public var description: String {
        let fieldText = fields.isEmpty ? "" : " (fields: " + fields.keys.sorted().joined(separator: ", ") + ")"
        return "\(status) \(code?.rawValue ?? "(no code)"): \(message)\(fieldText)"
    }

    public static let invalidCredentials = BackendRejection(
        status: 401, code: .invalidCredentials, message: "The identifier or the password is wrong.")
    public static let tokenInvalid = BackendRejection(
        status: 401, code: .tokenInvalid, message: "The token is not valid.")
    public static let tokenExpired = BackendRejection(
        status: 401, code: .tokenExpired, message: "The token has expired.")
    public static let userInactive = BackendRejection(
        status: 403, code: .userInactive, message: "The account is inactive.")
    public static let userDeleted = BackendRejection(
        status: 410, code: .userDeleted, message: "The account has been deleted.")
    public static let alreadyRegistered = BackendRejection(
        status: 409, code: .alreadyRegistered, message: "The CPF or e-mail is already registered.")
    public static let emailTaken = BackendRejection(
        status: 409, code: .alreadyRegistered, message: "The e-mail is already used by another account.")
    /// A sign-in of an account made by a sign-up that must be confirmed,
    /// before the person confirmed it. The wire contract has no code for it
    /// (its sign-up needs no confirmation): the in-memory adapter reads it
    /// as `.signInRefused(.emailNotConfirmed)`, a dialect's stand-in in its
    /// own words.
    public static let emailNotConfirmed = BackendRejection(
        status: 403, code: nil, message: "The e-mail address is not confirmed yet.")
    public static let notFound = BackendRejection(
        status: 404, code: .notFound, message: "Not found.")
    public static let apiKeyInvalid = BackendRejection(
        status: 403, code: .apiKeyInvalid, message: "The API key is missing or wrong.")

    /// The backend holds as many accounts as it may: a 503 without a code,
    /// since no client can cure it, only a reset of the server.
    public static func accountLimitReached(_ limit: Int) -> BackendRejection {
        BackendRejection(
            status: 503, code: nil,
            message: "The server holds its most accounts (\(limit)); reset it (POST /_control/reset) to register more.")
    }

    public static func validationFailed(_ fields: [String: String]) -> BackendRejection {
        BackendRejection(status: 400, code: .validationFailed, message: "Some fields are not valid.", fields: fields)
    }

    public static func badRequest(_ message: String) -> BackendRejection {
        BackendRejection(status: 400, code: .badRequest, message: message)
    }
}
