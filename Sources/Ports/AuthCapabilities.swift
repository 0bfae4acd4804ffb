/// What an auth backend does, where real backends legitimately differ,
/// stated by its adapter in one place (`AuthRemoteAPI.capabilities`) and
/// checked by the contract as the adapter states it, never as one backend
/// behaves. A decorator forwards it whole. Constant for an adapter's
/// lifetime.
public struct AuthCapabilities: Sendable, Hashable {
    /// The ways this backend signs a person in, the one to offer first
    /// first. Never empty. Without `.password`, `signIn` throws
    /// `.signInRefused(.methodNotOffered)` at once, sending nothing, and
    /// `signsInByCPF` and `signsInByEmail` are both false.
    public var signInMethods: [SignInMethod]

    /// Whether the backend signs in by CPF. When `signInMethods` lists
    /// `.password`, `signsInByCPF` or `signsInByEmail` (or both) is true, and
    /// both are false otherwise. One that signs in by e-mail only (Supabase
    /// Auth) says false: then `signIn` with a CPF throws
    /// `.signInRefused(.identifierKindNotAccepted)` at once, sending nothing,
    /// and the app asks for an e-mail before it asks for a password.
    public var signsInByCPF: Bool

    /// Whether the backend signs in by e-mail, the twin of `signsInByCPF`.
    /// One that signs in by CPF only (the Cora API) says false: then
    /// `signIn` with an e-mail throws `.signInRefused(.identifierKindNotAccepted)`
    /// at once, sending nothing, and the app asks for a CPF before it asks
    /// for a password.
    public var signsInByEmail: Bool

    /// What a refresh does with the credential it spends (`RefreshRotation`:
    /// always rotated, never, or as the server chooses).
    public var refreshRotation: RefreshRotation

    /// The refusals this backend tells apart from wrong credentials and a
    /// refused token (`AuthRefusalsToldApart`).
    public var refusalsToldApart: AuthRefusalsToldApart

    /// What a password must be for this backend to take it (`PasswordRule`):
    /// six digits for the wire contract and the Cora API, at least six
    /// characters for Google's Identity Toolkit and Supabase. The sign-in and
    /// sign-up screens ask and check by it, and a sign-up with a password it
    /// refuses is `VALIDATION_FAILED` naming `password`. Read only where
    /// `signInMethods` lists `.password`.
    public var passwordRule: PasswordRule

    /// What sign-up does on this backend (`RegistrationOffer`): nothing (no
    /// sign-up), create an account and no session (the wire contract's
    /// `POST /users`), create one the person must confirm first, or create
    /// an account and sign the person in (Google's Identity Toolkit's
    /// `accounts:signUp`), and which fields it takes. A backend that only
    /// issues tokens to accounts made elsewhere (an OAuth 2.0 authorization
    /// server: OAuth 2.0 has no registration) says `.none`; then `register`
    /// sends nothing, and the app does not offer sign-up.
    public var registrationOffer: RegistrationOffer

    /// Whether the backend has a sign-out route (`DELETE /challenge/auth`),
    /// so that `signOut` ends the token there. An adapter says so only when
    /// its backend is known to have the route (the reference server's full
    /// profile); the Cora API has none.
    public var offersSignOut: Bool

    /// - Parameters:
    ///   - signInMethods: the ways it signs in, the first offered first; an
    ///     empty list is taken as `[.password]` (never empty) and a repeated
    ///     method counts once.
    ///   - signsInByCPF: whether it signs in by CPF (false without `.password`).
    ///   - signsInByEmail: whether it signs in by e-mail (false without `.password`).
    ///   - refreshRotation: what a refresh does with its credential.
    ///   - refusalsToldApart: the refusals told apart.
    ///   - passwordRule: what a password must be.
    ///   - registrationOffer: what sign-up does.
    ///   - offersSignOut: whether it has a sign-out route.
    public init(
        signInMethods: [SignInMethod] = [.password], signsInByCPF: Bool, signsInByEmail: Bool,
        refreshRotation: RefreshRotation, refusalsToldApart: AuthRefusalsToldApart, passwordRule: PasswordRule,
        registrationOffer: RegistrationOffer, offersSignOut: Bool
    ) {
        var unique: [SignInMethod] = []
        for method in signInMethods where !unique.contains(method) { unique.append(method) }
        self.signInMethods = unique.isEmpty ? [.password] : unique
        let byPassword = self.signInMethods.contains(.password)
        self.signsInByCPF = signsInByCPF && byPassword
        self.signsInByEmail = signsInByEmail && byPassword
        self.refreshRotation = refreshRotation
        self.refusalsToldApart = refusalsToldApart
        self.passwordRule = passwordRule
        self.registrationOffer = registrationOffer
        self.offersSignOut = offersSignOut
    }
}

/// What a refresh does with the credential it spends: one of the ways real
/// backends legitimately differ, declared by each adapter
/// (`AuthRemoteAPI.refreshRotation`) and checked by the contract suites as
/// the adapter declares it, never as one backend behaves.
public enum RefreshRotation: String, Sendable, Hashable, CaseIterable {
    /// Every refresh answers a new credential — a new refresh token from a
    /// backend that issues them, a new access token from one that refreshes
    /// by it — and the spent one is refused afterwards as `TOKEN_INVALID`
    /// (the wire contract, the Cora API, Supabase Auth).
    case always
    /// The refresh token stays good: a refresh answers the same one or none,
    /// and the spent one refreshes again (Google's Secure Token service).
    case never
    /// The server decides (an OAuth 2.0 authorization server, RFC 6749 §6):
    /// a refresh may answer a new refresh token, and the one the answer
    /// leaves the session — the new one, or the spent one when none came —
    /// refreshes again. Whether the spent one still works is not said: the
    /// app never sends a rotated refresh token again.
    case asTheServerChooses
}

/// The refusals a backend tells apart from the general ones: each member is
/// a more precise answer the adapter promises; without it the backend
/// answers the general refusal named below, which the suites check instead.
/// Declared by each adapter (`AuthRemoteAPI.refusalsToldApart`), constant
/// for its lifetime.
public struct AuthRefusalsToldApart: OptionSet, Sendable, Hashable {
    /// The members, one bit each.
    public let rawValue: Int

    /// The set whose bits `rawValue` holds.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// An inactive account's sign-in is `.rejected(403, USER_INACTIVE)`.
    /// Without it, the sign-in is refused as wrong credentials
    /// (`INVALID_CREDENTIALS`, or a code-less 401): an OAuth 2.0 server's
    /// `invalid_grant` (RFC 6749 §5.2).
    public static let inactiveAccountAtSignIn = Self(rawValue: 1 << 0)
    /// A refresh past the refresh window is `.rejected(401, TOKEN_EXPIRED)`.
    /// Without it, `TOKEN_INVALID`, as any credential the backend will not
    /// exchange (GoTrue's `session_expired`, OAuth 2.0's `invalid_grant`).
    public static let expiryAtRefresh = Self(rawValue: 1 << 1)
    /// A refresh for an inactive account is `.rejected(403, USER_INACTIVE)`
    /// and for a deleted one `.rejected(410, USER_DELETED)`. Without it,
    /// `TOKEN_INVALID` for both (OAuth 2.0's `invalid_grant`).
    public static let accountStateAtRefresh = Self(rawValue: 1 << 2)

    /// Every refusal told apart: the wire contract's.
    public static let all: Self = [.inactiveAccountAtSignIn, .expiryAtRefresh, .accountStateAtRefresh]
}
