/// Why a sign-in did not happen. Shown on the password step; the global
/// state does not change (BEHAVIOUR.md §3).
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

/// Why an action of the signed-in user (update, delete) did not happen.
public enum AccountActionFailure: Error, Sendable, Hashable {
    /// The session is over; the root screen has already moved on.
    case sessionEnded
    case alreadyRegistered
    case invalidFields([String: String])
    case network
    case server
}
