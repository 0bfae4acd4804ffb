/// Where a profile's fields came from.
public enum ProfileSource: String, Sendable, Hashable, CaseIterable {
    /// The backend's profile route said so (`GET /users/me`).
    case server
    /// Only the sign-in knew it: the identifier the person typed, on a backend
    /// with no profile route. No name; an e-mail only if that was typed.
    case signIn = "sign-in"
}

/// The signed-in user as `GET /users/me` returns it, or — on a backend with no
/// profile route — as the sign-in knew it (`signedIn(as:)`).
public struct UserProfile: Sendable, Hashable {
    /// The account's id.
    public var id: String
    /// The user's name.
    public var name: String
    /// The user's e-mail address.
    public var email: String
    /// Eleven digits, no punctuation.
    public var cpf: String
    /// Whether the account is active; callers treat false like `USER_INACTIVE`.
    public var active: Bool
    /// Whether the account is deleted; callers treat true like `USER_DELETED`.
    public var isDeleted: Bool
    /// Where these fields came from; `.server` unless said otherwise.
    public var source: ProfileSource

    /// A profile with these fields.
    public init(
        id: String, name: String, email: String, cpf: String, active: Bool, isDeleted: Bool,
        source: ProfileSource = .server
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.cpf = cpf
        self.active = active
        self.isDeleted = isDeleted
        self.source = source
    }

    /// The profile a sign-in as `identifier` knows, on a backend with no
    /// profile route: the id is the identifier itself (`cpf:…` or `email:…`,
    /// so signing in again as the same person finds the same id), no name,
    /// the CPF or the e-mail typed, active and not deleted (the backend
    /// refuses those accounts' sign-ins).
    public static func signedIn(as identifier: LoginIdentifier) -> UserProfile {
        switch identifier {
        case .cpf(let digits):
            UserProfile(
                id: "cpf:" + digits, name: "", email: "", cpf: digits, active: true, isDeleted: false, source: .signIn)
        case .email(let address):
            UserProfile(
                id: "email:" + address.lowercased(), name: "", email: address, cpf: "", active: true, isDeleted: false,
                source: .signIn)
        }
    }
}

/// A user related to the signed-in one (`GET /users/related`), and whether
/// the signed-in user chose to share with them (`PUT /users/related`).
public struct RelatedUser: Sendable, Hashable {
    /// The related user's account id.
    public var id: String
    /// The related user's name.
    public var name: String
    /// The related user's e-mail address.
    public var email: String
    /// Whether the signed-in user shares with this one; false until chosen.
    public var isShared: Bool

    /// A related user with these fields; not shared with unless `isShared`.
    public init(id: String, name: String, email: String, isShared: Bool = false) {
        self.id = id
        self.name = name
        self.email = email
        self.isShared = isShared
    }
}

/// The fields `PATCH /users/me` may change; `nil` leaves a field as it is.
public struct ProfileChanges: Sendable, Hashable {
    /// The new name, or `nil` to keep it.
    public var name: String?
    /// The new e-mail address, or `nil` to keep it.
    public var email: String?

    /// Changes to these fields; those left `nil` stay as they are.
    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
