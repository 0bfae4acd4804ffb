import Foundation
import Ports
import Testing

/// Expects the failure an injected fault should produce: `.transport` for a
/// dropped connection, `.malformedResponse` for a bad body, a code-less
/// rejection with the status for a status fault; and that the error says no
/// secret (`expectNoSecret`). A dropped connection breaks
/// at once, so `.timeout` is a failure here: it means the server did not
/// answer within the request's time limit, which must never pass unseen.
func expectNetworkFailure(
    _ error: RemoteError?, for fault: RemoteFault, sourceLocation: SourceLocation = #_sourceLocation
) {
    switch (fault, error) {
    case (.drop, .transport?), (.malformed, .malformedResponse?): break
    case (.status(let expected, _), .rejected(let actual, _, _)?) where expected == actual: break
    default:
        Issue.record("\(fault.testDescription) gave \(String(describing: error))", sourceLocation: sourceLocation)
    }
    #expect(error?.isInfrastructure == true, sourceLocation: sourceLocation)
    expectNoSecret(in: error, sourceLocation: sourceLocation)
}

/// Expects a refusal of credentials: 401 with `INVALID_CREDENTIALS`, or no
/// code at all (backends that send no body), that says no secret.
func expectInvalidCredentials(_ error: RemoteError?, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error?.status == 401, sourceLocation: sourceLocation)
    #expect(error?.code == .invalidCredentials || error?.code == nil, sourceLocation: sourceLocation)
    expectNoSecret(in: error, sourceLocation: sourceLocation)
}

extension RemoteError {
    static let tokenInvalid = RemoteError.rejected(status: 401, code: .tokenInvalid)
    static let tokenExpired = RemoteError.rejected(status: 401, code: .tokenExpired)
    static let userInactive = RemoteError.rejected(status: 403, code: .userInactive)
    static let userDeleted = RemoteError.rejected(status: 410, code: .userDeleted)
    static let alreadyRegistered = RemoteError.rejected(status: 409, code: .alreadyRegistered)
    static let notFound = RemoteError.rejected(status: 404, code: .notFound)
}

extension SessionToken {
    /// The token half of a session signed in with `token` (for the calls that
    /// take the whole session, such as `signOut`): its dates do not matter there.
    static func signedIn(with token: AccessToken) -> SessionToken {
        SessionToken(token: token, issuedAt: Date(timeIntervalSince1970: 0), expiresAt: .distantFuture)
    }

    /// The token half of a session signed in with `issued`, its refresh token
    /// included, as the app keeps it.
    static func signedIn(with issued: IssuedTokens) -> SessionToken {
        SessionToken(
            token: issued.accessToken, issuedAt: Date(timeIntervalSince1970: 0), expiresAt: .distantFuture,
            refreshToken: issued.refreshToken)
    }
}

extension RefreshCredential {
    /// What a session signed in with `tokens` refreshes with, as the token
    /// manager does: the refresh token when the backend issued one (OAuth
    /// 2.0), the access token otherwise (the wire contract, Cora).
    init(issued tokens: IssuedTokens) {
        self = tokens.refreshToken.map(RefreshCredential.refreshToken) ?? .accessToken(tokens.accessToken)
    }

    /// A credential of the kind `tokens` would refresh with, holding the
    /// recognisable secret of that kind (`RemoteSecrets`).
    static func secret(like tokens: IssuedTokens) -> RefreshCredential {
        tokens.refreshToken == nil
            ? .accessToken(AccessToken(RemoteSecrets.accessToken))
            : .refreshToken(RefreshToken(RemoteSecrets.refreshToken))
    }

    /// A credential of the kind `tokens` would refresh with that no server issued.
    static func unknown(like tokens: IssuedTokens) -> RefreshCredential {
        tokens.refreshToken == nil
            ? .accessToken(AccessToken("not-a-token-this-server-issued"))
            : .refreshToken(RefreshToken("not-a-token-this-server-issued"))
    }
}
