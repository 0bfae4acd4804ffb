public import Observation
public import Ports

/// The profile (docs/spec/signed-in-area.md, "Profile and related users"): the
/// user's data, editing name and e-mail with field validation and the server's
/// per-field errors (`PATCH /users/me`), and deleting the account behind a
/// confirmation step.
@MainActor
@Observable
public final class ProfileViewModel {
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case name
        case email
    }

    public var name: String {
        didSet { edited() }
    }
    public var email: String {
        didSet { edited() }
    }
    /// Local problems, shown once the user has tried to save.
    public private(set) var problems: [Field: SignUpFieldProblem] = [:]
    /// The server's per-field reasons after a refused save.
    public private(set) var serverFieldErrors: [String: String] = [:]
    public private(set) var failure: SignedInFailure?
    public private(set) var isSaving = false
    /// The last save went through (until the next edit).
    public private(set) var saved = false
    /// Delete was asked for and waits for confirmation.
    public private(set) var isConfirmingDelete = false
    public private(set) var isDeleting = false

    @ObservationIgnored private let session: any ProfileUseCases
    @ObservationIgnored private var hasTriedToSave = false

    public init(user: UserProfile, session: any ProfileUseCases) {
        self.session = session
        name = user.name
        email = user.email
    }

    /// The user as the server last said.
    public var user: UserProfile? { session.user }

    public var maskedCPF: String { user.flatMap { CPF($0.cpf)?.masked } ?? "***" }

    /// Save is enabled when something changed and nothing is in flight.
    public var isSaveEnabled: Bool {
        guard let user, !isSaving, !isDeleting else { return false }
        return name != user.name || email != user.email
    }

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

    public func requestDelete() {
        guard !isSaving, !isDeleting else { return }
        isConfirmingDelete = true
    }

    public func cancelDelete() {
        isConfirmingDelete = false
    }

    /// Deletes the account; on success the session ends and the root shows welcome.
    public func confirmDelete() async {
        guard isConfirmingDelete, !isDeleting else { return }
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
