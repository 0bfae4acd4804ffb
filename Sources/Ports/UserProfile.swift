/// The signed-in user as `GET /users/me` returns it.
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

    /// A profile with these fields.
    public init(id: String, name: String, email: String, cpf: String, active: Bool, isDeleted: Bool) {
        self.id = id
        self.name = name
        self.email = email
        self.cpf = cpf
        self.active = active
        self.isDeleted = isDeleted
    }
}

/// A user related to the signed-in one (`GET /users/related`).
public struct RelatedUser: Sendable, Hashable {
    /// The related user's account id.
    public var id: String
    /// The related user's name.
    public var name: String
    /// The related user's e-mail address.
    public var email: String

    /// A related user with these fields.
    public init(id: String, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
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
