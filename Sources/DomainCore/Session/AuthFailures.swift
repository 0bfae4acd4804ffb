import Ports

/// Why a sign-in did not happen. Shown on the password step; the global
/// state does not change.
public enum LoginFailure: Error, Sendable, Hashable {
    case invalidCredentials
    case accountInactive
    /// Health says the server is down or the device offline: sign-in is blocked.
    case systemUnavailable
    case network
    case server
}

/// Why a registration did not happen. Shown on the sign-up form.
public enum RegistrationFailure: Error, Sendable, Hashable {
    case alreadyRegistered
    /// The server's per-field reasons, by the contract's field names.
    case invalidFields([String: String])
    case systemUnavailable
    case network
    case server
}

extension LoginFailure {
    /// What the sign-in call's failure means to the person signing in: a
    /// refused password and a deleted account read the same (an account is
    /// not revealed to exist), an inactive account says so.
    init(_ error: RemoteError) {
        switch error.code {
        case .invalidCredentials, .userDeleted: self = .invalidCredentials
        case .userInactive: self = .accountInactive
        default:
            if error.status == 401 {
                self = .invalidCredentials
            } else {
                switch error {
                case .transport, .timeout: self = .network
                default: self = .server
                }
            }
        }
    }

    /// The same for the `GET /users/me` a sign-in makes through the token manager.
    init(_ error: AuthorizedCallError) {
        switch error {
        case .remote(let remote): self.init(remote)
        case .sessionEnded(.userInactive): self = .accountInactive
        case .sessionEnded: self = .invalidCredentials
        case .notSignedIn, .refreshLimitReached: self = .server
        }
    }
}

extension RegistrationFailure {
    /// The server's refusal in the form's terms.
    init(_ error: RemoteError) {
        switch error {
        case .rejected(_, .alreadyRegistered, _): self = .alreadyRegistered
        case .rejected(_, .validationFailed, let fields): self = .invalidFields(fields)
        case .transport, .timeout: self = .network
        default: self = .server
        }
    }
}
