public import Ports

/// Signs a user in; on success the auth state changes and the root moves on,
/// so the caller only needs the failure to show it.
@MainActor
public protocol LoginUseCase: AnyObject {
    /// Signs in with `credentials`.
    ///
    /// - Returns: the signed-in user, once the session is saved and the state
    ///   authenticated; or why not, with the global state unchanged.
    func login(_ credentials: Credentials) async -> Result<UserProfile, LoginFailure>
}

/// Creates an account without signing in.
@MainActor
public protocol RegisterUseCase: AnyObject {
    /// Registers `registration` on the server.
    ///
    /// - Returns: success once the account exists (the user then signs in), or
    ///   why not. Never creates a session or changes the state.
    func register(_ registration: Registration) async -> Result<Void, RegistrationFailure>
}
