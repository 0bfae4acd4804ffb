public import Observation
public import Ports

/// The sign-up form, showing the fields the backend's sign-up takes. Where
/// sign-up creates an account and no session, on success the user is sent
/// back to sign-in with the identifier filled in; where it signs the person
/// in, the root moves on to the signed-in screens
/// (docs/spec/explicit-actions.md, "Register").
@MainActor
@Observable
public final class SignUpViewModel {
    /// The text typed so far; `set(_:to:)` changes it as the user types.
    public var form = SignUpForm()
    /// Per-field problems, shown once the user has tried to submit.
    public private(set) var problems: [SignUpField: SignUpFieldProblem] = [:]
    /// The server's per-field reasons (by contract field name) after a refused submit.
    public private(set) var serverFieldErrors: [String: String] = [:]
    /// Why the last submit did not register; cleared by the next edit.
    public private(set) var failure: RegistrationFailure?
    /// A registration is in flight: submit and back are disabled.
    public private(set) var isBusy = false
    @ObservationIgnored private var hasTriedToSubmit = false

    @ObservationIgnored private let registerUseCase: any RegisterUseCase
    @ObservationIgnored private weak var welcomeNavigator: (any GoToWelcomeNavigator)?
    @ObservationIgnored private weak var signedUpResponder: (any SignedUpResponder)?

    /// An empty form.
    ///
    /// - Parameters:
    ///   - registerUseCase: registers the account.
    ///   - welcomeNavigator: where back goes; held weakly.
    ///   - signedUpResponder: told of a registration that succeeded; held weakly.
    public init(
        registerUseCase: any RegisterUseCase, welcomeNavigator: any GoToWelcomeNavigator,
        signedUpResponder: any SignedUpResponder
    ) {
        self.registerUseCase = registerUseCase
        self.welcomeNavigator = welcomeNavigator
        self.signedUpResponder = signedUpResponder
    }

    /// Sets one field by name; problems shown so far are re-checked as the user types.
    public func set(_ field: SignUpField, to text: String) {
        switch field {
        case .name: form.name = text
        case .email: form.email = text
        case .cpf: form.cpf = text
        case .password: form.password = text
        case .confirmation: form.confirmation = text
        }
        failure = nil
        serverFieldErrors = [:]
        if hasTriedToSubmit {
            problems = form.validate(taking: registerUseCase.fieldsTaken, passwordRule: passwordRule)
        }
    }

    /// The form's fields the backend's sign-up takes, in order: the only
    /// ones shown, judged and sent.
    public var shownFields: [SignUpField] { SignUpField.shown(for: registerUseCase.fieldsTaken) }

    /// What the backend takes as a password: what the form checks, and what
    /// its problem says.
    public var passwordRule: PasswordRule { registerUseCase.passwordRule }

    /// Submit is enabled once every shown field has something in it and
    /// nothing is in flight.
    public var isSubmitEnabled: Bool {
        !isBusy && shownFields.allSatisfy { !text(of: $0).isEmpty }
    }

    /// Validates the shown fields, and registers them when each is valid.
    /// When the account is made and no one signed in, the responder is told
    /// (sign-in opens with the formatted CPF, or the e-mail where sign-up
    /// takes no CPF); when the backend signed the person in, nothing more
    /// (the root moves on). On failure `failure` is set, and a per-field
    /// refusal fills `serverFieldErrors`. Ignored unless `isSubmitEnabled`.
    public func submit() async {
        guard isSubmitEnabled else { return }
        hasTriedToSubmit = true
        let fields = registerUseCase.fieldsTaken
        problems = form.validate(taking: fields, passwordRule: passwordRule)
        guard problems.isEmpty, let registration = form.registration(taking: fields, passwordRule: passwordRule)
        else { return }
        isBusy = true
        let outcome = await registerUseCase.register(registration)
        isBusy = false
        switch outcome {
        case .success(.signedIn):
            break
        case .success(.accountCreated):
            let identifier = registration.cpf.isEmpty ? registration.email : CPF(registration.cpf)?.formatted
            signedUpResponder?.signedUp(identifier: identifier ?? registration.cpf)
        case .success(.accountAwaitsConfirmation):
            // Sign-in by the e-mail where it was taken: the address the link went to.
            let identifier = registration.email.isEmpty ? CPF(registration.cpf)?.formatted : registration.email
            signedUpResponder?.signedUpAwaitingConfirmation(identifier: identifier ?? registration.cpf)
        case .failure(.invalidFields(let fields)):
            serverFieldErrors = fields
            failure = .invalidFields(fields)
        case .failure(let failure):
            self.failure = failure
        }
    }

    /// Back to welcome, dropping the form; ignored while a registration is in
    /// flight.
    public func back() {
        guard !isBusy else { return }
        welcomeNavigator?.navigateToWelcome()
    }

    private func text(of field: SignUpField) -> String {
        switch field {
        case .name: return form.name
        case .email: return form.email
        case .cpf: return form.cpf
        case .password: return form.password
        case .confirmation: return form.confirmation
        }
    }
}
