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

/// Signs a user in outside the app (the browser, or a code on another
/// device); on success the auth state changes and the root moves on.
@MainActor
public protocol ExternalLoginUseCase: AnyObject {
    /// The ways outside the app the backend offers, in its order.
    var methods: [SignInMethod] { get }
    /// Begins an attempt: what the screen shows while it waits, or why not.
    func begin(_ method: SignInMethod) async -> Result<ExternalSignInPrompt, LoginFailure>
    /// Waits for the person and finishes the attempt begun.
    func complete() async -> Result<UserProfile, LoginFailure>
    /// Ends the attempt under way; `complete` answers `.cancelled`.
    func cancel() async
}
