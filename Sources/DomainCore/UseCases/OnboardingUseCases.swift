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

/// Creates an account, and signs the person in where the backend's sign-up
/// does.
@MainActor
public protocol RegisterUseCase: AnyObject {
    /// The fields the backend's sign-up takes: the form shows only these.
    var fieldsTaken: Set<RegistrationField> { get }
    /// What the backend takes as a password: the form checks it before sending.
    var passwordRule: PasswordRule { get }

    /// Registers `registration` on the server.
    ///
    /// - Returns: `.accountCreated` once the account exists (the user then
    ///   signs in, the state unchanged); `.signedIn` where the backend's
    ///   sign-up also signed the person in (the state then authenticated);
    ///   or why not, with nothing changed.
    func register(_ registration: Registration) async -> Result<RegistrationResult, RegistrationFailure>
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
