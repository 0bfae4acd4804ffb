import Foundation
import Ports
import Testing

@testable import AdapterHTTP

/// A 5xx, a 408 or a 429 is the server's failure whatever its body names
/// (`RemoteError`, "An error answer, by its status"): a body that names a
/// person's refusal or the app's setup in such an answer ends no session and
/// blames no password. The every-status promise of the contracts injects
/// bodies that name nothing; these name every code each mapping reads.
@Suite("A server's failure is the server's, whatever its body names")
struct ServerFailureWhateverTheBodyTests {
    static let statuses = [500, 502, 503, 504, 408, 429]

    /// Every code the Supabase mapping reads as a refusal or a setup problem.
    static let supabaseCodes =
        SupabaseErrorMapping.refusedTokenCodes.union(SupabaseErrorMapping.configurationCodes)
        .union(["invalid_credentials", "email_not_confirmed", "user_banned", "user_not_found", "validation_failed"])
        .sorted()

    /// Every code the OAuth 2.0 mapping reads as a refusal or a setup problem.
    static let oauth2Codes =
        OAuth2ErrorMapping.configurationErrors
        .union(["invalid_grant", "invalid_request", "access_denied", "expired_token"]).sorted()

    @Test("Supabase Auth: each code it reads, in a 5xx, a 408 or a 429, is the server's failure", arguments: statuses)
    func supabase(status: Int) {
        for code in Self.supabaseCodes {
            for request in SupabaseErrorMapping.Request.allCases {
                let body = Data(#"{"code":\#(status),"error_code":"\#(code)","msg":"refused"}"#.utf8)
                #expect(
                    SupabaseErrorMapping.error(status: status, body: body, for: request)
                        == .rejected(status: status, code: nil), "\(code) to \(request)")
            }
        }
    }

    @Test("OAuth 2.0: each error it reads, in a 5xx, a 408 or a 429, is the server's failure", arguments: statuses)
    func oauth2(status: Int) {
        for code in Self.oauth2Codes {
            for request in OAuth2ErrorMapping.Request.allCases {
                let body = Data(#"{"error":"\#(code)"}"#.utf8)
                #expect(
                    OAuth2ErrorMapping.error(status: status, body: body, for: request)
                        == .rejected(status: status, code: nil), "\(code) to \(request)")
            }
        }
    }

    @Test("The same codes in a 400 or a 401 are still read")
    func fourHundredsAreStillRead() {
        let supabase = Data(#"{"code":400,"error_code":"invalid_credentials","msg":"x"}"#.utf8)
        #expect(
            SupabaseErrorMapping.error(status: 400, body: supabase, for: .signIn)
                == .rejected(status: 401, code: .invalidCredentials))
        let oauth2 = Data(#"{"error":"invalid_grant"}"#.utf8)
        #expect(
            OAuth2ErrorMapping.error(status: 400, body: oauth2, for: .refresh)
                == .rejected(status: 401, code: .tokenInvalid))
    }
}
