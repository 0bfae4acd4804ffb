import Foundation
import Ports

/// PocketBase's refusals mapped onto the port's `RemoteError`. PocketBase
/// writes every error as `{"code": STATUS, "message": "…", "data": {…}}`:
/// the message says what was refused, and a refused field is named in
/// `data` with its own code (`{"email": {"code": "validation_not_unique"}}`).
/// Only a message or a field code of the tables below is read; neither ever
/// reaches an error's text but as a field's name and code.
enum PocketBaseErrorMapping {
    /// Which request was refused.
    enum Request {
        case signIn
        case refresh
        case register
    }

    /// The messages PocketBase refuses with, as it writes them.
    enum Message: String {
        /// A wrong identity or password, or an account that may not sign in.
        case failedToAuthenticate = "Failed to authenticate."
        /// A sign-in of an account whose e-mail is not verified yet.
        case verifyFirst = "Please verify your account first."
        /// A refresh whose token the server does not take.
        case tokenRequired = "The request requires valid record authorization token."
        /// A refresh whose token names no record any more.
        case missingRecord = "Missing auth record context."
        /// A sign-up refused for its fields, named in `data`.
        case failedToCreate = "Failed to create record."
    }

    /// The `RemoteError` for an answer of `status` with `body` to `request`.
    static func error(status: Int, body: Data, for request: Request) -> RemoteError {
        // A 5xx, a 408 or a 429 is the server's, whatever the body says.
        if status >= 500 || status == 408 || status == 429 { return .rejected(status: status, code: nil) }
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        let message = (object?["message"] as? String).flatMap(Message.init(rawValue:))
        switch (request, status, message) {
        case (.signIn, 400, .failedToAuthenticate?): return .rejected(status: 401, code: .invalidCredentials)
        case (.signIn, 403, .verifyFirst?): return .signInRefused(.emailNotConfirmed)
        case (.refresh, 401, _), (.refresh, 403, .tokenRequired?), (.refresh, 404, .missingRecord?):
            return .rejected(status: 401, code: .tokenInvalid)
        case (.register, 400, .failedToCreate?):
            let fields = fieldCodes(in: object?["data"] as? [String: Any] ?? [:])
            if fields["email"] == "validation_not_unique" { return .rejected(status: 409, code: .alreadyRegistered) }
            guard !fields.isEmpty else { return .rejected(status: 400, code: nil) }
            return .rejected(status: 400, code: .validationFailed, fields: fields)
        default: return .rejected(status: status, code: nil)
        }
    }

    /// Each refused field the port names, with PocketBase's code for it
    /// (`validation_required`, `validation_is_email`, …).
    private static func fieldCodes(in data: [String: Any]) -> [String: String] {
        var fields: [String: String] = [:]
        for field in RegistrationField.allCases {
            if let code = (data[field.rawValue] as? [String: Any])?["code"] as? String { fields[field.rawValue] = code }
        }
        return fields
    }
}
