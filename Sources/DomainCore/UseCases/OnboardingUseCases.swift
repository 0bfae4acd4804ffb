public import Ports

/// Signs a user in; on success the auth state changes and the root moves on,
/// so the caller only needs the failure to show it.
@MainActor
public protocol LoginUseCase: AnyObject {
    func login(_ credentials: Credentials) async -> Result<UserProfile, LoginFailure>
}

/// Creates an account without signing in.
@MainActor
public protocol RegisterUseCase: AnyObject {
    func register(_ registration: Registration) async -> Result<Void, RegistrationFailure>
}
