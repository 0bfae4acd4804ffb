/// Signs in, refreshes, registers and — where the backend has the route —
/// signs out (`POST /challenge/auth`, `POST /users`, `DELETE /challenge/auth`).
///
/// Rules for every method and every adapter:
/// - Network failures throw `.transport`, `.timeout` or `.malformedResponse`.
/// - No call ever passes a token through the token manager: this port is what
///   the token manager itself uses.
public protocol AuthRemoteAPI: Sendable {
    /// What this backend does, stated once (`AuthCapabilities`): the
    /// identifier kinds and methods it signs in by, what a refresh does with
    /// its credential, the refusals it tells apart, its password rule, its
    /// sign-up and whether it signs out. Constant for an adapter's lifetime;
    /// a decorator forwards it whole. Each is read as a member of its own
    /// too (`signsInByCPF`, `refreshRotation`, …: this protocol's extension).
    var capabilities: AuthCapabilities { get }

    /// Signs in with a CPF or e-mail and a password.
    ///
    /// - Returns: the tokens issued, when the identifier and password are
    ///   right: an access token, and a refresh token and stated lifetime from
    ///   backends that issue them.
    /// - Throws: `.rejected(401, INVALID_CREDENTIALS)` for a wrong identifier or
    ///   password (a code-less 401 is also accepted from backends that send no
    ///   body); `.rejected(403, USER_INACTIVE)` for an inactive account where
    ///   `refusalsToldApart` contains `.inactiveAccountAtSignIn`, refused like
    ///   wrong credentials otherwise. A deleted account's credentials are
    ///   refused like wrong ones.
    ///   `.misconfigured` when the backend refuses the app itself (its client
    ///   id, secret or grant), never as wrong credentials.
    ///   `.signInRefused(.identifierKindNotAccepted)` at once, sending nothing,
    ///   when the backend does not sign in by that kind of identifier (a CPF
    ///   while `signsInByCPF` is false, an e-mail while `signsInByEmail` is
    ///   false); `.signInRefused(.emailNotConfirmed)`
    ///   for an account whose e-mail address is not confirmed yet;
    ///   `.signInRefused(.methodNotOffered)` at once, sending nothing, when
    ///   `signInMethods` does not list `.password`. Only the sign-in calls
    ///   (this, `beginSignIn` and its attempt) throw `.signInRefused`.
    func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens

    /// Begins a sign-in outside the app (`.browser` or `.device`): for the
    /// browser, makes the attempt's one-time values and opens its loopback
    /// redirect listener; for the device flow, asks the server for a code.
    ///
    /// - Returns: the attempt, to show and to wait on (`ExternalSignInAttempt`).
    /// - Throws: `.signInRefused(.methodNotOffered)` at once, sending
    ///   nothing, for a method `signInMethods` does not list (`.password`
    ///   among them: that one is `signIn`); `.misconfigured` when the server
    ///   refuses the client; `.transport`, `.timeout`, `.malformedResponse`
    ///   as any call.
    func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt

    /// Exchanges the session's credential for new tokens: its refresh token
    /// when it has one, otherwise its access token.
    ///
    /// An access token that has outlived its lifetime but not its refresh
    /// window can still be refreshed. What happens to the credential sent is
    /// `refreshRotation`'s: a rotated refresh token must never be sent again
    /// (a backend with reuse protection then revokes every token of the
    /// session).
    ///
    /// - Returns: new tokens, the access token different from the old one;
    ///   a new refresh token or none, as `refreshRotation` says.
    /// - Throws: `.rejected(401, TOKEN_INVALID)` for a credential that is
    ///   unknown, already exchanged (where the backend rotates) or revoked —
    ///   also a kind this backend does not refresh with. Where
    ///   `refusalsToldApart` says so, `.rejected(401, TOKEN_EXPIRED)` for
    ///   one past its refresh window, `.rejected(403, USER_INACTIVE)` for an
    ///   inactive account and `.rejected(410, USER_DELETED)` for a deleted
    ///   one; `TOKEN_INVALID` for each of them otherwise. `.misconfigured`
    ///   when the backend refuses the app itself.
    func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens

    /// Creates an account from the fields `registrationOffer` takes; the
    /// others are neither sent nor judged.
    ///
    /// - Returns: `.accountCreated` with the new account's id, never a
    ///   token, where the offer is `.createsAnAccount`: no one is signed in
    ///   and the account then signs in with the password sent.
    ///   `.accountAwaitsConfirmation` with its id where it is
    ///   `.createsAnAccountToConfirm`: no one is signed in, and the account
    ///   signs in with the password sent once the person has confirmed it
    ///   (before, `signIn` throws `.signInRefused(.emailNotConfirmed)`).
    ///   `.signedIn` with the new session's tokens where it is
    ///   `.createsASession`: they refresh as a sign-in's do, and the account
    ///   signs in again with the password sent.
    /// - Throws: `.rejected(409, ALREADY_REGISTERED)` when the CPF or e-mail
    ///   is already in use; `.rejected(400, VALIDATION_FAILED, fields:)` for
    ///   malformed fields, naming one or more of them and no other (a backend
    ///   may name the first it finds, as the Identity Toolkit does, or each, as the wire
    ///   contract does), each name a `RegistrationField`'s. What is malformed
    ///   is the backend's to say beyond this: an e-mail without `@` or a
    ///   domain, and a password shorter than six characters, are malformed
    ///   on every backend. When `registrationOffer` is `.none`,
    ///   `.rejected(404, NOT_FOUND)` at once, sending nothing.
    func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome

    /// Ends the session's tokens on the backend when `offersSignOut` is true:
    /// the access token for a backend that refreshes by it; the refresh token
    /// (and with it the access tokens it bought) for one that issues them
    /// (OAuth 2.0 token revocation). Afterwards the token is refused
    /// (`TOKEN_INVALID`), refresh included — also a token past its lifetime but inside its refresh window, which could
    /// otherwise still be exchanged. Ending a token the backend already
    /// refuses (signed out before, revoked, unknown) succeeds: the token is
    /// ended either way. When `offersSignOut` is false it returns at once,
    /// sending nothing.
    ///
    /// Callers treat it as best effort: a logout never waits on it to end the
    /// session on the device, and a failure here is no reason to keep one.
    ///
    /// - Throws: `.transport`, `.timeout` or `.malformedResponse` when no
    ///   answer came; `.rejected` for any other refusal (a 5xx, a refused API
    ///   key) — then the token may still be alive on the backend.
    func signOut(_ token: SessionToken) async throws(RemoteError)

    /// Begins the logout of the server's own sign-in in the browser (OpenID
    /// Connect RP-Initiated Logout 1.0), for a session already ended on the
    /// device and (best effort) revoked by `signOut`: a backend whose
    /// discovery names an `end_session_endpoint`, for a token that carries
    /// the sign-in's ID token, opens a loopback listener and writes the
    /// end-session address (`BrowserSignOutAttempt`). Every other backend,
    /// and a token without an ID token, answers nil at once, sending nothing.
    ///
    /// - Returns: the attempt to open and wait on, or nil when there is no
    ///   browser step.
    /// - Throws: `.transport` when no loopback listener can be opened;
    ///   `.misconfigured` when no secure random `state` can be made or the
    ///   end-session endpoint is not an address a browser may be given;
    ///   what discovery throws (`.transport`, `.timeout`,
    ///   `.malformedResponse`) when the endpoints were not read yet.
    func beginBrowserSignOut(_ token: SessionToken) async throws(RemoteError) -> (any BrowserSignOutAttempt)?

    /// Proves that the ID token a session kept (`SessionToken.idToken`) is
    /// one the provider signed for this app, when the session is read back
    /// from the store at launch: another process or a changed file could
    /// have put there a token the provider never signed. Its signature is
    /// checked with the provider's keys, and its `iss`, `aud` and `azp` as
    /// at sign-in; its lifetime and `nonce` are not: they bound the token's
    /// first use, at sign-in, and a kept session outlives them.
    ///
    /// - Returns: `.nothingToProve` at once, sending nothing, for a token
    ///   without an ID token and on a backend that issues none;
    ///   `.proved(subject:)` with the token's `sub`; `.notTheProviders`
    ///   otherwise — also when this configuration cannot check one (it
    ///   knows no issuer, no key set or no verifier).
    /// - Throws: `.transport`, `.timeout` or `.malformedResponse` when the
    ///   provider's keys cannot be read.
    func proveKeptSignIn(_ token: SessionToken) async throws(RemoteError) -> KeptSignInProof
}

extension AuthRemoteAPI {
    /// No browser step: the backend has no end-session endpoint (every
    /// backend but an OpenID Connect provider that names one).
    public func beginBrowserSignOut(_ token: SessionToken) async throws(RemoteError) -> (any BrowserSignOutAttempt)? {
        nil
    }

    /// Nothing to prove: the backend issues no ID token (every backend but
    /// an OpenID provider).
    public func proveKeptSignIn(_ token: SessionToken) async throws(RemoteError) -> KeptSignInProof {
        .nothingToProve
    }

    /// `capabilities.signInMethods`.
    public var signInMethods: [SignInMethod] { capabilities.signInMethods }
    /// `capabilities.signsInByCPF`.
    public var signsInByCPF: Bool { capabilities.signsInByCPF }
    /// `capabilities.signsInByEmail`.
    public var signsInByEmail: Bool { capabilities.signsInByEmail }
    /// `capabilities.refreshRotation`.
    public var refreshRotation: RefreshRotation { capabilities.refreshRotation }
    /// `capabilities.refusalsToldApart`.
    public var refusalsToldApart: AuthRefusalsToldApart { capabilities.refusalsToldApart }
    /// `capabilities.passwordRule`.
    public var passwordRule: PasswordRule { capabilities.passwordRule }
    /// `capabilities.registrationOffer`.
    public var registrationOffer: RegistrationOffer { capabilities.registrationOffer }
    /// `capabilities.offersSignOut`.
    public var offersSignOut: Bool { capabilities.offersSignOut }

    /// Whether the backend has a sign-up at all (`registrationOffer` is not
    /// `.none`).
    public var offersRegistration: Bool { registrationOffer.isOffered }

    /// Whether the backend signs in by this kind of identifier
    /// (`signsInByCPF` for a CPF, `signsInByEmail` for an e-mail).
    public func signsIn(by identifier: LoginIdentifier) -> Bool {
        switch identifier {
        case .cpf: signsInByCPF
        case .email: signsInByEmail
        }
    }
}
