import Foundation
import PortContracts
import Ports
import Testing

/// The recognisable secrets the remote suites drive their failure paths
/// with: the API key every HTTP fixture's server takes, the tokens and the
/// password the suites send where a call is to fail, and the OAuth 2.0 client
/// secret. Each is long and odd enough that finding it in a text can only
/// mean the text leaked it (`expectNoSecret`).
enum RemoteSecrets {
    static let apiKey = "secret-api-key-Zq81Xv"
    static let accessToken = "secret-access-token-Kd47Wm"
    static let refreshToken = "secret-refresh-token-Hb92Lp"
    static let clientSecret = "secret-client-secret-Tj35Nr"
    static let password = "secret-password-Yc60Fs"

    /// Each secret with what it is, for the failure message.
    static let all: [(what: String, value: String)] = [
        ("the API key", apiKey), ("an access token", accessToken), ("a refresh token", refreshToken),
        ("the client secret", clientSecret), ("a password", password),
    ]

    /// The demo account's CPF with the secret password: refused, and the
    /// refusal must not say the password.
    static var wrongPassword: Credentials {
        Credentials(identifier: .cpf(RemoteSeed.maria.cpf), password: Password(password))
    }

    /// The demo account with the secret password, as `auth` signs in.
    static func wrongPassword(for auth: any AuthRemoteAPI) -> Credentials {
        RemoteSeed.maria.credentials(for: auth, password: password)
    }

    /// The demo account's e-mail with the secret password, for the adapters
    /// that sign in by e-mail only.
    static var wrongEmail: Credentials {
        Credentials(identifier: .email(RemoteSeed.maria.email ?? "maria@example.com"), password: Password(password))
    }
}

/// The one secrets check of the remote suites: records an issue for each of
/// `RemoteSecrets` — and each of `alsoSecret`, such as a token a server
/// issued — that any text of `error` holds. Nothing to check when `error`
/// is nil (the expectation that it was thrown fails on its own).
func expectNoSecret(
    in error: (any Error)?, alsoSecret: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error else { return }
    let secrets = RemoteSecrets.all + alsoSecret.filter { !$0.isEmpty }.map { ("a token the server issued", $0) }
    for text in everyTextOf(error) {
        for secret in secrets where text.contains(secret.value) {
            Issue.record("the error's text says \(secret.what): \(text)", sourceLocation: sourceLocation)
        }
    }
}
