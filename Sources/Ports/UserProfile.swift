/// The signed-in user as `GET /users/me` returns it.
public struct UserProfile: Sendable, Hashable {
    public var id: String
    public var name: String
    public var email: String
    /// Eleven digits, no punctuation.
    public var cpf: String
    public var active: Bool
    public var isDeleted: Bool

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
    public var id: String
    public var name: String
    public var email: String

    public init(id: String, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}

/// The fields `PATCH /users/me` may change; `nil` leaves a field as it is.
public struct ProfileChanges: Sendable, Hashable {
    public var name: String?
    public var email: String?

    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
