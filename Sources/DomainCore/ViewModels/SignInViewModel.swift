public import Observation
public import Ports

/// The Cora sign-in: an identifier step (CPF or e-mail), then a password step
/// (as the backend's `PasswordRule` says: six digits on Cora) that submits. A backend that signs in by e-mail only refuses a
/// CPF on the identifier step, and one that signs in by CPF only an e-mail,
/// before any password is asked for. Sign-in
/// errors stay on the password step; on success
/// the login use case changes the state and the root moves on — this model never
/// navigates to the dashboard itself.
@MainActor
@Observable
public final class SignInViewModel {
    /// The step on screen.
    public enum Step: Sendable, Hashable {
        /// Typing the CPF or e-mail.
        case identifier
        /// Typing the password; "Next" signs in.
        case password
    }

    /// The step on screen; starts on the identifier.
    public private(set) var step: Step = .identifier
    /// The CPF or e-mail as typed; a change clears `failure`, the
    /// identifier-kind refusal of the last "Next" and the registration's confirmation (it
    /// spoke of the identifier just registered).
    public var identifier: String {
        didSet {
            if identifier != oldValue {
                lastFailure = nil
                isKindRefusalShown = false
                registrationNotice = nil
            }
        }
    }
    /// The password as typed; a change clears `failure`, and going back to the
    /// identifier step empties it.
    public var password: String = "" {
        didSet { if password != oldValue { lastFailure = nil } }
    }
    /// A sign-in is in flight: next and back are disabled.
    public private(set) var isBusy = false
    /// Why the last sign-in failed, shown on the password step until an edit
    /// or back — and "system unavailable" only while the health still says
    /// so: once the server answers again, that message no longer holds.
    public var failure: LoginFailure? {
        if lastFailure == .systemUnavailable, !health.isDown { return nil }
        return lastFailure
    }
    /// Why the last sign-in failed, as it failed.
    private var lastFailure: LoginFailure?
    /// "Account created, sign in": shown from a sign-up's success until the
    /// situation it speaks of ends — another identifier typed, or a sign-in
    /// tried (its outcome is then what the screen says).
    public var isRegistrationConfirmed: Bool { registrationNotice != nil }
    /// What the sign-up just said of the account: created, or created and
    /// to be confirmed first; nil once that situation ends, as
    /// `isRegistrationConfirmed`.
    public private(set) var registrationNotice: RegistrationNotice?
    /// "Next" was pressed with a kind of identifier the backend does not
    /// sign in by (a CPF where it signs in by e-mail only, an e-mail where by
    /// CPF only), and the identifier has not changed since.
    private var isKindRefusalShown = false

    @ObservationIgnored private let loginUseCase: any LoginUseCase
    @ObservationIgnored private let healthReader: any HealthStatusReading
    @ObservationIgnored private weak var welcomeNavigator: (any GoToWelcomeNavigator)?
    @ObservationIgnored private weak var signUpNavigator: (any GoToSignUpNavigator)?
    @ObservationIgnored private let signsInByCPF: Bool
    @ObservationIgnored private let signsInByEmail: Bool
    /// The sign-in outside the app, where the backend offers one.
    public let external: ExternalSignInViewModel?
    /// Whether the backend signs in by password: without it the screen asks
    /// for no identifier and no password, only for a way outside the app.
    public let offersPassword: Bool
    /// What the backend takes as a password (`SignIn.passwordRule`): what
    /// the password step asks for, and what enables its "Next".
    public let passwordRule: PasswordRule

    /// A sign-in on the identifier step.
    ///
    /// - Parameters:
    ///   - loginUseCase: signs in.
    ///   - health: the status the badge shows and that blocks sign-in while down.
    ///   - welcomeNavigator: where back from the identifier step goes; held weakly.
    ///   - signUpNavigator: where "sign up" goes (the start-up views spec
    ///     reaches registration from the login screen); held weakly; nil
    ///     offers no sign-up.
    ///   - signsInByCPF: whether the backend signs in by CPF
    ///     (`SignIn.signsInByCPF`); false refuses a CPF at the
    ///     identifier step. True by default.
    ///   - signsInByEmail: whether the backend signs in by e-mail
    ///     (`SignIn.signsInByEmail`); false refuses an e-mail at the
    ///     identifier step. True by default.
    ///   - identifier: the identifier already typed in; empty by default.
    ///   - external: the sign-in outside the app, where the backend offers
    ///     one (`ExternalSignIn.methods` not empty); nil by default.
    ///   - offersPassword: whether the backend signs in by password
    ///     (`SignIn.signInMethods` lists `.password`); true by default.
    ///   - passwordRule: what the backend takes as a password
    ///     (`SignIn.passwordRule`); the wire contract's six digits by default.
    public init(
        loginUseCase: any LoginUseCase, health: any HealthStatusReading, welcomeNavigator: any GoToWelcomeNavigator,
        signUpNavigator: (any GoToSignUpNavigator)? = nil, signsInByCPF: Bool = true, signsInByEmail: Bool = true,
        identifier: String = "", external: ExternalSignInViewModel? = nil, offersPassword: Bool = true,
        passwordRule: PasswordRule = .digits(6)
    ) {
        self.passwordRule = passwordRule
        self.external = external
        self.offersPassword = offersPassword
        self.loginUseCase = loginUseCase
        self.healthReader = health
        self.welcomeNavigator = welcomeNavigator
        self.signUpNavigator = signUpNavigator
        self.signsInByCPF = signsInByCPF
        self.signsInByEmail = signsInByEmail
        self.identifier = identifier
    }

    /// The badge on the screen: online, server down or offline.
    public var health: HealthStatus { healthReader.status }

    /// What the identifier step understood, if the text is a valid CPF or e-mail.
    public var parsedIdentifier: LoginIdentifier? { LoginIdentifier(parsing: identifier) }

    /// What is wrong with the identifier typed, for the identifier step to
    /// show: nil while it is empty or fine. A kind of identifier the backend
    /// does not sign in by is a problem only once "Next" was pressed with it.
    public var identifierProblem: SignInIdentifierProblem? {
        guard !identifier.isEmpty else { return nil }
        guard let parsed = parsedIdentifier else { return .invalid }
        guard isKindRefusalShown else { return nil }
        switch parsed {
        case .cpf: return .cpfNotAccepted
        case .email: return .emailNotAccepted
        }
    }

    /// Which kinds of identifier the backend signs in by, for the identifier
    /// step to ask for the right one up front.
    public var acceptedIdentifiers: AcceptedIdentifiers {
        switch (signsInByCPF, signsInByEmail) {
        case (true, false): .cpfOnly
        case (false, true): .emailOnly
        default: .cpfOrEmail
        }
    }

    /// The kinds of identifier a backend signs in by
    /// (`AuthRemoteAPI.signsInByCPF`, `.signsInByEmail`).
    public enum AcceptedIdentifiers: Sendable, Hashable {
        /// Both, as the wire contract does.
        case cpfOrEmail
        /// The CPF only (the Cora API).
        case cpfOnly
        /// The e-mail only (Supabase Auth).
        case emailOnly
    }

    /// "Next" on the identifier step: a CPF with the right check digits or a
    /// well-formed e-mail, and no CPF refusal on screen. On the password
    /// step: a password the backend's rule takes, nothing in flight, and the server reachable
    /// (sign-in is blocked while down).
    public var isNextEnabled: Bool {
        switch step {
        case .identifier: return parsedIdentifier != nil && !isKindRefusalShown
        case .password: return passwordRule.accepts(password) && !isBusy && !health.isDown
        }
    }

    /// Back is enabled unless a sign-in is in flight.
    public var isBackEnabled: Bool { !isBusy }

    /// Advances to the password step — or, with a kind of identifier the
    /// backend does not sign in by, stays and shows `cpfNotAccepted` or
    /// `emailNotAccepted` — or signs in from the password step.
    public func next() async {
        guard isNextEnabled else { return }
        switch step {
        case .identifier:
            let acceptsKind: Bool =
                switch parsedIdentifier {
                case .cpf: signsInByCPF
                case .email: signsInByEmail
                case nil: false
                }
            guard acceptsKind else {
                isKindRefusalShown = true
                return
            }
            step = .password
        case .password:
            guard let identifier = parsedIdentifier, let password = passwordRule.password(from: password)
            else { return }
            registrationNotice = nil
            // The attempt under way is what the screen is about: the last
            // one's failure ("did not answer in time") is no longer said.
            lastFailure = nil
            isBusy = true
            let outcome = await loginUseCase.login(Credentials(identifier: identifier, password: password))
            isBusy = false
            if case .failure(let failure) = outcome {
                // A password the backend refused is of no more use: its
                // bullets go (before the failure is set, as an edit clears it).
                // One the person cancelled stays, with the identifier: the
                // form is as it was, to try again.
                if failure == .invalidCredentials { self.password = "" }
                lastFailure = failure
            }
        }
    }

    /// Says the account was just created (a sign-up's success), until the
    /// identifier changes or a sign-in is tried.
    public func confirmRegistration() {
        confirmRegistration(.accountCreated)
    }

    /// Says what the sign-up just made (created, or to confirm first), until
    /// the identifier changes or a sign-in is tried.
    public func confirmRegistration(_ notice: RegistrationNotice) {
        registrationNotice = notice
    }

    /// Whether this sign-in offers "sign up" (it was given a navigator for it).
    public var offersSignUp: Bool { signUpNavigator != nil }

    /// "Sign up" is enabled unless a sign-in is in flight.
    public var isSignUpEnabled: Bool { offersSignUp && !isBusy }

    /// Goes to the sign-up form; back from it returns to this sign-in.
    public func signUp() {
        guard isSignUpEnabled else { return }
        signUpNavigator?.navigateToSignUp()
    }

    /// Back to the identifier step (forgetting the password), or to welcome.
    public func back() {
        guard isBackEnabled else { return }
        switch step {
        case .password:
            password = ""
            lastFailure = nil
            step = .identifier
        case .identifier:
            welcomeNavigator?.navigateToWelcome()
        }
    }
}

/// What sign-in says of the account a sign-up just made.
public enum RegistrationNotice: Sendable, Hashable {
    /// Made: sign in with its details.
    case accountCreated
    /// Made, to be confirmed first with the link or code the backend sent.
    case confirmTheAccountFirst
}
