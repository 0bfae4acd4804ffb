/// What a backend's sign-up does: one of the ways real backends
/// legitimately differ, declared by each adapter
/// (`AuthRemoteAPI.registrationOffer`) and checked by the contract suites as
/// the adapter declares it, never as one backend behaves. Constant for an
/// adapter's lifetime.
public enum RegistrationOffer: Sendable, Hashable {
    /// No sign-up: the backend only issues tokens to accounts made elsewhere
    /// (an OAuth 2.0 authorization server, Supabase Auth as Gatehouse uses
    /// it, the Cora API). `register` throws `.rejected(404, NOT_FOUND)` at
    /// once, sending nothing, and the app offers no sign-up.
    case none
    /// Sign-up creates an account and signs no one in (the wire contract's
    /// `POST /users`): `register` answers `.accountCreated`, and the person
    /// then signs in.
    case createsAnAccount(taking: Set<RegistrationField>)
    /// Sign-up creates an account that must be confirmed before it signs
    /// in — by a link or a code sent to its e-mail (Supabase Auth with
    /// "Confirm email" on, PocketBase with verification required): `register`
    /// answers `.accountAwaitsConfirmation`, no one is signed in, and until
    /// the person confirms, a sign-in with the password sent is
    /// `.signInRefused(.emailNotConfirmed)`; once confirmed, it signs in.
    case createsAnAccountToConfirm(taking: Set<RegistrationField>)
    /// Sign-up creates an account and signs the person in (Google's Identity Toolkit's
    /// `accounts:signUp`): `register` answers `.signedIn` with the new
    /// session's tokens, which refresh as any sign-in's do.
    case createsASession(taking: Set<RegistrationField>)

    /// The fields sign-up takes: every one a `Registration` sends, the rest
    /// never sent and never judged. Always `.password` and an identifier the
    /// backend signs in by (`.cpf` or `.email`) when offered; empty for `.none`.
    public var fields: Set<RegistrationField> {
        switch self {
        case .none: []
        case .createsAnAccount(let fields), .createsAnAccountToConfirm(let fields), .createsASession(let fields):
            fields
        }
    }

    /// Whether the backend has a sign-up at all.
    public var isOffered: Bool { self != .none }
}

/// A field of a sign-up, named as the wire contract names it (the key of a
/// `VALIDATION_FAILED` refusal's `fields`).
public enum RegistrationField: String, Sendable, Hashable, CaseIterable {
    /// The account holder's name.
    case name
    /// The account's e-mail address.
    case email
    /// The account holder's CPF.
    case cpf
    /// The password the account will sign in with.
    case password
}

extension Set where Element == RegistrationField {
    /// Every field: the wire contract's `POST /users` takes them all.
    public static var everyField: Self { Set(RegistrationField.allCases) }
}

/// What a registration made, as the adapter's `registrationOffer` says.
public enum RegistrationOutcome: Sendable, Hashable {
    /// An account with this id, and no session (`.createsAnAccount`).
    case accountCreated(id: String)
    /// An account with this id that signs in once the person confirms it,
    /// and no session (`.createsAnAccountToConfirm`).
    case accountAwaitsConfirmation(id: String)
    /// An account, signed in: the session's tokens (`.createsASession`).
    case signedIn(IssuedTokens)
}
