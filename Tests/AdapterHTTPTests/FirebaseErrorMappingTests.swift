import Foundation
import Ports
import Testing

@testable import AdapterHTTP

/// Firebase Authentication's refusals, as its REST reference writes them,
/// read as the port's errors: the code up to its detail, the request it
/// refused, and nothing of the detail in the error's text.
@Suite("Firebase Authentication's error mapping")
struct FirebaseErrorMappingTests {
    private static func body(_ message: String, detailReason: String? = nil) -> Data {
        var error: [String: Any] = ["code": 400, "message": message]
        if let detailReason { error["details"] = [["reason": detailReason]] }
        return (try? JSONSerialization.data(withJSONObject: ["error": error])) ?? Data()
    }

    @Test(
        "Each documented code maps onto the port's answer for the request it refused",
        arguments: [
            (
                "INVALID_PASSWORD", FirebaseErrorMapping.Request.signIn,
                RemoteError.rejected(status: 401, code: .invalidCredentials)
            ),
            ("EMAIL_NOT_FOUND", .signIn, .rejected(status: 401, code: .invalidCredentials)),
            ("INVALID_LOGIN_CREDENTIALS", .signIn, .rejected(status: 401, code: .invalidCredentials)),
            ("USER_DISABLED", .signIn, .rejected(status: 403, code: .userInactive)),
            ("USER_DISABLED", .refresh, .rejected(status: 403, code: .userInactive)),
            ("INVALID_REFRESH_TOKEN", .refresh, .rejected(status: 401, code: .tokenInvalid)),
            ("TOKEN_EXPIRED", .refresh, .rejected(status: 401, code: .tokenExpired)),
            ("USER_NOT_FOUND", .refresh, .rejected(status: 410, code: .userDeleted)),
            ("EMAIL_EXISTS", .signUp, .rejected(status: 409, code: .alreadyRegistered)),
            (
                "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled", .signIn,
                .rejected(status: 429, code: nil)
            ),
            ("OPERATION_NOT_ALLOWED", .signIn, .misconfigured(.methodDisabled("OPERATION_NOT_ALLOWED"))),
        ])
    func codesMap(message: String, request: FirebaseErrorMapping.Request, expected: RemoteError) {
        #expect(FirebaseErrorMapping.error(status: 400, body: Self.body(message), for: request) == expected)
    }

    @Test("A refused key is the app's configuration, read from the detail Google gives it")
    func aRefusedKeyIsMisconfiguration() {
        let body = Self.body("API key not valid. Please pass a valid API key.", detailReason: "API_KEY_INVALID")
        #expect(
            FirebaseErrorMapping.error(status: 400, body: body, for: .signIn)
                == .misconfigured(.clientRefused("API_KEY_INVALID")))
    }

    @Test("A detail after the code never reaches the error's text")
    func theDetailStaysOut() {
        let error = FirebaseErrorMapping.error(
            status: 400, body: Self.body("WEAK_PASSWORD : Password should be at least 6 characters secret-123"),
            for: .signUp)
        #expect(error == .rejected(status: 400, code: .validationFailed, fields: ["password": "WEAK_PASSWORD"]))
        #expect(!String(describing: error).contains("secret-123"))
    }

    @Test("A 5xx, a 408 or a 429 is the server's, whatever code its body carries")
    func serverStatusesWin() {
        for status in [408, 429, 500, 503] {
            let error = FirebaseErrorMapping.error(status: status, body: Self.body("INVALID_PASSWORD"), for: .signIn)
            #expect(error == .rejected(status: status, code: nil), "\(status)")
        }
    }
}
