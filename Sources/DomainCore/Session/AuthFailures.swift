public import Ports

/// Why a sign-in did not happen. Shown on the password step; the global
/// state does not change.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum LoginFailure: Error, Sendable, Hashable {
    /// The identifier or password was refused, or the account is deleted: the
    /// two read the same, so a sign-in never reveals that an account exists.
    case invalidCredentials
    /// The password was right but the account is inactive; the user is told so.
    case accountInactive
    /// Health says the server is down or the device offline: sign-in is blocked.
    case systemUnavailable
    /// The call did not reach the server or its connection broke (a
    /// transport error): trying again may work.
    case network
    /// The server took the call but did not answer within the request
    /// deadline: trying again may work.
    case timedOut
    /// The server failed or answered something the app cannot read.
    case server
    /// The app's own setup with the backend cannot be used, for the one
    /// cause named (`RemoteError.misconfigured`): a configuration error for
    /// whoever set the environment up, never the user's password.
    case misconfigured(Misconfiguration.Cause)
    /// This backend signs in by another kind of identifier (an e-mail-only
    /// backend given a CPF): nothing was sent; the person signs in by e-mail.
    case identifierKindNotAccepted
    /// The account's e-mail address is not confirmed yet: the person confirms
    /// it (the link the backend e-mailed) and signs in again.
    case emailNotConfirmed
    /// The backend does not sign in this way (`AuthRemoteAPI.signInMethods`
    /// does not list it): nothing was sent.
    case methodNotOffered
    /// The person refused in the browser or on the other device (OAuth 2.0's
    /// `access_denied`).
    case deniedByPerson
    /// The answer that came back was not for this attempt (another `state`,
    /// another issuer): the sign-in was dropped, as it may be forged.
    case answerForAnotherAttempt
    /// The person did not finish in time: the browser never came back within
    /// `ExternalSignInPolicy.browserTimeLimit`, or the device code expired.
    case notCompletedInTime
    /// The server's answer did not prove who signed in (the ID token's
    /// checks failed), or the backend has no profile route to say who.
    case identityNotProved
    /// The person cancelled the sign-in outside the app. The sign-in screen
    /// simply comes back; there is nothing to tell.
    case cancelled
}

/// Why a registration did not happen. Shown on the sign-up form.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum RegistrationFailure: Error, Sendable, Hashable {
    /// An account with this e-mail or CPF already exists.
    case alreadyRegistered
    /// The server's per-field reasons, by the contract's field names.
    case invalidFields([String: String])
    /// Health says the server is down or the device offline: registration is
    /// blocked.
    case systemUnavailable
    /// The call did not reach the server or its connection broke (a
    /// transport error): trying again may work.
    case network
    /// No answer within the request deadline: trying again may work.
    case timedOut
    /// The server failed or refused the registration for a reason the form
    /// cannot show by field.
    case server
    /// The backend creates no accounts (`AuthRemoteAPI.offersRegistration`
    /// is false): nothing was sent.
    case notOffered
}

extension LoginFailure {
    /// What the sign-in call's failure means to the person signing in: a
    /// refused password and a deleted account read the same (an account is
    /// not revealed to exist), an inactive account says so.
    init(_ error: RemoteError) {
        switch error {
        case .misconfigured(let problem):
            self = .misconfigured(problem.cause)
            return
        case .signInRefused(.identifierKindNotAccepted):
            self = .identifierKindNotAccepted
            return
        case .signInRefused(.emailNotConfirmed):
            self = .emailNotConfirmed
            return
        case .signInRefused(.methodNotOffered):
            self = .methodNotOffered
            return
        case .signInRefused(.deniedByPerson):
            self = .deniedByPerson
            return
        case .signInRefused(.answerForAnotherAttempt):
            self = .answerForAnotherAttempt
            return
        case .signInRefused(.notCompletedInTime):
            self = .notCompletedInTime
            return
        case .signInRefused(.identityNotProved):
            self = .identityNotProved
            return
        case .signInRefused(.cancelled):
            self = .cancelled
            return
        default: break
        }
        switch error.code {
        case .invalidCredentials, .userDeleted: self = .invalidCredentials
        case .userInactive: self = .accountInactive
        default:
            if error.status == 401 {
                self = .invalidCredentials
            } else {
                switch error {
                case .transport: self = .network
                case .timeout: self = .timedOut
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
        case .notSignedIn, .refreshLimitReached, .sessionBusyElsewhere: self = .server
        }
    }
}

extension RegistrationFailure {
    /// The server's refusal in the form's terms.
    init(_ error: RemoteError) {
        switch error {
        case .rejected(_, .alreadyRegistered, _): self = .alreadyRegistered
        case .rejected(_, .validationFailed, let fields): self = .invalidFields(fields)
        case .transport: self = .network
        case .timeout: self = .timedOut
        default: self = .server
        }
    }
}
