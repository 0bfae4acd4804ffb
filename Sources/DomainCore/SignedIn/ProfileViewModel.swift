public import Observation
public import Ports

/// The profile (docs/spec/signed-in-area.md, "Profile and related users"): the
/// user's data, editing name and e-mail with field validation and the server's
/// per-field errors (`PATCH /users/me`), and deleting the account behind a
/// confirmation step. On a backend without account routes the profile still
/// shows who is signed in (and the screen adds the device's preferences), but
/// offers no edit and no deletion: `isSaveEnabled` stays false and
/// `requestDelete` does nothing.
@MainActor
@Observable
public final class ProfileViewModel {
    /// The two fields the profile edits, keys of `problems`.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The user's name.
        case name
        /// The user's e-mail address.
        case email
    }

    /// The name being edited, starting as the user's. An edit clears `saved`,
    /// `failure` and the server's field errors, and re-validates once the user
    /// has tried to save.
    public var name: String {
        didSet { edited() }
    }
    /// The e-mail being edited, starting as the user's; an edit does what an
    /// edit of `name` does.
    public var email: String {
        didSet { edited() }
    }
    /// Local problems, shown once the user has tried to save.
    public private(set) var problems: [Field: SignUpFieldProblem] = [:]
    /// The server's per-field reasons after a refused save.
    public private(set) var serverFieldErrors: [String: String] = [:]
    /// Why the last save or delete did not happen; cleared by the next edit.
    public private(set) var failure: SignedInFailure?
    /// A save is in flight: save and delete are disabled.
    public private(set) var isSaving = false
    /// The last save went through (until the next edit).
    public private(set) var saved = false
    /// Delete was asked for and waits for confirmation.
    public private(set) var isConfirmingDelete = false
    /// The account deletion is in flight.
    public private(set) var isDeleting = false

    /// Whether the backend has the account routes, so the name and e-mail
    /// can be edited and the account deleted.
    public let offersAccountRoutes: Bool

    @ObservationIgnored private let session: any ProfileUseCases
    @ObservationIgnored private var hasTriedToSave = false

    /// A profile with the fields filled in from `user`.
    ///
    /// - Parameters:
    ///   - user: the signed-in user, whose name and e-mail the fields start with.
    ///   - session: saves the changes, deletes the account, and says who the
    ///     user is now.
    ///   - offersAccountRoutes: whether the backend has the account routes;
    ///     without them nothing is edited or deleted. True by default.
    public init(user: UserProfile, session: any ProfileUseCases, offersAccountRoutes: Bool = true) {
        self.session = session
        self.offersAccountRoutes = offersAccountRoutes
        name = user.name
        email = user.email
    }

    /// The user as the server last said.
    public var user: UserProfile? { session.user }

    /// The user's CPF masked for display (`CPF.masked`); `***` when there is
    /// no user or the CPF is not valid.
    public var maskedCPF: String { user.flatMap { CPF($0.cpf)?.masked } ?? "***" }

    /// Save is enabled when the backend takes edits, something changed and
    /// nothing is in flight.
    public var isSaveEnabled: Bool {
        guard offersAccountRoutes, let user, !isSaving, !isDeleting else { return false }
        return name != user.name || email != user.email
    }

    /// Saves the edited fields when `isSaveEnabled`: validates them first (and
    /// sends nothing while a field has a problem), then sends only the fields
    /// that changed, normalised. On success the fields show what the server
    /// kept and `saved` is set; on failure `failure` is set, and a per-field
    /// refusal fills `serverFieldErrors`.
    public func save() async {
        guard isSaveEnabled, let user else { return }
        hasTriedToSave = true
        problems = validate()
        guard problems.isEmpty else { return }
        let normalisedName = PersonalDetailsRules.normalisedName(name)
        let normalisedEmail = PersonalDetailsRules.normalisedEmail(email) ?? email
        let changes = ProfileChanges(
            name: normalisedName == user.name ? nil : normalisedName,
            email: normalisedEmail == user.email ? nil : normalisedEmail)
        isSaving = true
        switch await session.updateProfile(changes) {
        case .success(let updated):
            name = updated.name
            email = updated.email
            saved = true
        case .failure(let error):
            failure = error
            if case .invalidFields(let fields) = error { serverFieldErrors = fields }
        }
        isSaving = false
    }

    /// Asks for confirmation before deleting (`isConfirmingDelete`); ignored
    /// while a save or delete is in flight, and without account routes.
    public func requestDelete() {
        guard offersAccountRoutes, !isSaving, !isDeleting else { return }
        // The question replaces what the last save or delete said.
        saved = false
        failure = nil
        isConfirmingDelete = true
    }

    /// A choice of the device's preferences was made on this screen: what the
    /// last save said (its "saved", its failure) is about something older and
    /// is no longer said; the preferences say their own.
    public func preferenceChosen() {
        saved = false
        failure = nil
    }

    /// Leaves the confirmation step without deleting.
    public func cancelDelete() {
        isConfirmingDelete = false
    }

    /// Deletes the account; on success the session ends and the root shows welcome.
    public func confirmDelete() async {
        guard isConfirmingDelete, !isDeleting else { return }
        failure = nil
        isDeleting = true
        if case .failure(let failure) = await session.deleteAccount() {
            self.failure = failure
        }
        isDeleting = false
        isConfirmingDelete = false
    }

    private func edited() {
        saved = false
        failure = nil
        serverFieldErrors = [:]
        if hasTriedToSave { problems = validate() }
    }

    /// The sign-up form's rules for the same two fields.
    private func validate() -> [Field: SignUpFieldProblem] {
        var problems: [Field: SignUpFieldProblem] = [:]
        problems[.name] = PersonalDetailsRules.nameProblem(name)
        problems[.email] = PersonalDetailsRules.emailProblem(email)
        return problems
    }
}
