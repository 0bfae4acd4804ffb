import Composition
import DomainCore
import Foundation
import Ports

/// Turns the root view model into the screen on show, each action and field
/// wired to the view-model call it makes: the part of each iOS view that
/// draws and forwards taps, nothing more. It decides no flow.
@MainActor
struct ScreenDriver {
    let main: MainViewModel
    let texts: Texts
    /// The launch's preferences: their problems on every screen, the
    /// profile's choices, the remembered identifier masked on sign-in.
    var preferences: LaunchPreferences?
    /// What the device's stores repaired or refused on their own: said on
    /// every screen, first, until the person acts.
    var storageNotices: StorageNotices?
    /// How long a session surely survives in the background
    /// (`TokenPolicy.sessionSurvivesInBackground`): the PIN-lock choices
    /// offered are those shorter than it.
    var sessionSurvivesInBackground = TokenPolicy().sessionSurvivesInBackground
    /// The health monitor, for when its next automatic check comes (a wait
    /// says what happens next); nil says nothing of it.
    var health: HealthMonitor?
    /// The person's time zone: the times the screens say are in it.
    var timeZone = TimeZone.gmt
    /// What the person types to sign in by password, as the auth adapter
    /// declares it; `.none` where the backend signs in only outside the
    /// app, so nothing typed can be remembered and the profile offers not to.
    var typedIdentifier = TypedIdentifier.cpf

    /// What a password sign-in asks the person to type.
    enum TypedIdentifier: Sendable, Equatable {
        /// A CPF, or a CPF or an e-mail: the screens say "CPF", as Cora's do.
        case cpf
        /// An e-mail only.
        case email
        /// Nothing: no password sign-in.
        case none
    }

    // MARK: - What is on screen

    func snapshot() -> ScreenSnapshot {
        var screen: ScreenSnapshot
        switch main.screen {
        case .startup:
            screen = ScreenSnapshot(
                name: "startup", title: texts[.titleStartup], lines: [texts[.loading]], isLoading: true)
            // A locked store at launch: the launch waits for it, and says why.
            if main.waitsForSecureStorage { screen.lines.append(texts[.storageNotAvailableYet]) }
        case .systemUnavailable(let status):
            screen = systemUnavailable(status)
            if main.waitsForSecureStorage { screen.lines.insert(texts[.storageNotAvailableYet], at: 1) }
        case .onboarding:
            screen = onboarding()
        case .sessionExpired:
            screen = sessionExpired()
        case .signedIn:
            screen = signedIn()
        case .pinLock:
            screen = pinLock()
        }
        // A store that cannot keep the session is said on every screen, first.
        if let problem = main.storageProblem {
            let key: TextKey =
                switch problem {
                case .notSaved: .storageNotSaved
                case .notDeleted: .storageNotDeleted
                case .removalWaiting: .storageRemovalWaiting
                case .anotherWindowBusy: .storageAnotherWindowBusy
                case .pinNotRemoved: .storagePINNotRemoved
                }
            screen.lines.insert(texts[key], at: 0)
        }
        // Preferences that could not be saved are said on every screen until
        // a save goes through; preferences that could not be read, until the
        // person first acts (the app says so once).
        // A remembered identifier the keychain could not write or remove is
        // said the same way, until a later write or removal goes through.
        if preferences?.saveFailure != nil || preferences?.identifierFailure != nil {
            screen.lines.insert(texts[.preferencesNotSaved], at: 0)
        }
        if preferences?.readProblem != nil { screen.lines.insert(texts[.preferencesUnreadable], at: 0) }
        // What a store repaired or refused is said, with its reason, until
        // the person acts (the app says so once).
        for notice in (storageNotices?.pending ?? []).reversed() {
            let key: TextKey =
                switch notice.kind {
                case .tightened: .storageNoticeTightened
                case .setAside: .storageNoticeSetAside
                case .refused: .storageNoticeRefused
                }
            screen.lines.insert(texts[key, notice.detail], at: 0)
        }
        return screen
    }

    /// Why the app waits, what the person's retry got, and when the next
    /// automatic try comes; "retry" is offered unless one is in flight.
    private func systemUnavailable(_ status: HealthStatus) -> ScreenSnapshot {
        var lines: [String]
        if status == .serverDown, let refusal = health?.refusedWith {
            lines = [texts[.serverRefusedApp, String(refusal)]]
        } else {
            lines = [texts[status == .offline ? .offline : .serverDown]]
        }
        switch main.retryAnswer {
        case .checking: lines.append(texts[.retryChecking])
        case .stillDown(let found): lines.append(texts[found == .offline ? .retryStillOffline : .retryStillServerDown])
        case nil: break
        }
        lines.append(texts[.willRetryAutomatically])
        if let next = nextHealthCheckText() { lines.append(next) }
        var actions: [ScreenSnapshot.Action] = []
        if main.retryAnswer != .checking {
            actions.append(action("retry", .actionRetry) { [main] in await main.retryHealthCheck() })
        }
        return ScreenSnapshot(
            name: "system-unavailable", title: texts[.titleSystemUnavailable], lines: lines, actions: actions,
            isLoading: main.retryAnswer == .checking)
    }

    /// "Next automatic try at 14:03:15", in the person's time zone, from the
    /// health monitor's clock; nil when no check is scheduled.
    func nextHealthCheckText() -> String? {
        guard let next = health?.nextCheckAt else { return nil }
        return texts[.nextCheckAt, DateText.clockTime(next, in: timeZone)]
    }

    private func onboarding() -> ScreenSnapshot {
        guard let onboarding = main.onboarding else {
            return ScreenSnapshot(
                name: "startup", title: texts[.titleStartup], lines: [texts[.loading]], isLoading: true)
        }
        if let signIn = onboarding.signIn {
            var screen = self.signIn(signIn, registration: onboarding.registrationNotice)
            if onboarding.reason == .reauthenticating { screen.lines.insert(texts[.reasonReauthenticating], at: 1) }
            return screen
        }
        if let signUp = onboarding.signUp {
            return self.signUp(signUp)
        }
        let welcome = onboarding.welcome
        var lines = [texts[.welcomeTagline]]
        if let reason = welcome?.reason { lines.append(text(for: reason)) }
        var actions = [action("sign-in", .actionSignIn) { welcome?.signIn() }]
        if let step = welcome?.browserSignOutStep {
            lines.append(text(for: step))
            if step == .waiting {
                actions.append(action("cancel", .actionCancel) { welcome?.cancelBrowserSignOut() })
            }
        }
        var notOffered: [String: NotOfferedReason] = [:]
        if welcome?.offersSignUp ?? true {
            actions.append(action("sign-up", .actionSignUp) { welcome?.signUp() })
        } else {
            lines.append(texts[.signUpNotOffered])
            notOffered = ["sign-up": .noSignUp]
        }
        let waitsForBrowser = welcome?.browserSignOutStep == .waiting
        return ScreenSnapshot(
            name: "welcome", title: texts[.titleWelcome], lines: lines, actions: actions,
            actionsNotOffered: notOffered, endsWaitOnInterrupt: waitsForBrowser ? "cancel" : nil)
    }

    /// Why `sign-up` is missing where the backend creates no accounts, for a
    /// script that types it anyway.

    private func signIn(_ model: SignInViewModel, registration: RegistrationNotice?) -> ScreenSnapshot {
        var lines = [healthBadge(model.health)]
        switch registration {
        case .accountCreated?: lines.append(texts[.registrationConfirmed])
        case .confirmTheAccountFirst?: lines.append(texts[.registrationAwaitsConfirmation])
        case nil: break
        }
        if let external = model.external, external.isBusy, let prompt = external.prompt {
            return externalSignInWaiting(external, prompt: prompt, lines: lines)
        }
        if !model.offersPassword, let external = model.external {
            return externalSignInChoice(model, external, lines: lines)
        }
        switch model.step {
        case .identifier:
            // A backend that signs in by one kind of identifier only (the
            // Cora API: CPF; Supabase Auth: e-mail) says so up front,
            // before anyone types one it would refuse.
            let prompt: TextKey =
                switch model.acceptedIdentifiers {
                case .cpfOrEmail: .identifierPrompt
                case .cpfOnly: .identifierPromptCPFOnly
                case .emailOnly: .identifierPromptEmailOnly
                }
            lines.append(texts[prompt])
            var field = ScreenSnapshot.Field(
                name: "identifier", label: texts[Self.identifierLabel(model.acceptedIdentifiers)],
                shown: shownIdentifier(model.identifier), set: { model.identifier = $0 })
            switch model.identifierProblem {
            case .invalid: field.problem = texts[.identifierInvalid]
            case .cpfNotAccepted: field.problem = texts[.identifierCPFNotAccepted]
            case .emailNotAccepted: field.problem = texts[.identifierEmailNotAccepted]
            case nil: break
            }
            if let failure = model.external?.failure { lines.append(text(for: failure)) }
            var actions = [action("next", .actionNext, enabled: model.isNextEnabled) { await model.next() }]
            actions += externalSignInActions(model)
            var notOffered: [String: NotOfferedReason] = [:]
            if model.offersSignUp {
                actions.append(action("sign-up", .actionSignUp, enabled: model.isSignUpEnabled) { model.signUp() })
            } else {
                notOffered = ["sign-up": .noSignUp]
            }
            actions.append(action("back", .actionBack) { model.back() })
            return ScreenSnapshot(
                name: "sign-in", title: texts[.titleSignIn], lines: lines, fields: [field], actions: actions,
                actionsNotOffered: notOffered)
        case .password:
            let label = texts[Self.identifierLabel(model.acceptedIdentifiers)]
            lines.append("\(label): \(shownIdentifier(model.identifier))")
            lines.append(passwordPrompt(for: model.passwordRule))
            if model.isBusy { lines.append(texts[.signingIn]) }
            // "Next" is blocked while down: say why, and that it comes back by
            // itself — one message for the outage, so a failure that was the
            // outage (no connection, system unavailable) is not said twice.
            if let failure = model.failure, !(model.health.isDown && Self.isOutage(failure)) {
                lines.append(text(for: failure, accepting: model.acceptedIdentifiers))
            }
            if model.health.isDown {
                lines.append(texts[model.health == .offline ? .signInBlockedOffline : .signInBlockedServerDown])
                if let next = nextHealthCheckText() { lines.append(next) }
            }
            return ScreenSnapshot(
                name: "sign-in-password", title: texts[.titleSignInPassword], lines: lines,
                fields: [
                    ScreenSnapshot.Field(
                        name: "password", label: texts[.fieldPassword], shown: bullets(model.password),
                        set: { model.password = $0 })
                ],
                actions: [
                    action("next", .actionNext, enabled: model.isNextEnabled) { await model.next() },
                    action("back", .actionBack, enabled: model.isBackEnabled) { model.back() },
                ],
                isLoading: model.isBusy, interruptibleActions: ["next"])
        }
    }

    /// A sign-in that failed for want of a connection or a working server.
    private static func isOutage(_ failure: LoginFailure) -> Bool {
        failure == .network || failure == .timedOut || failure == .systemUnavailable
    }

    /// The identifier as the sign-in shows it: the remembered one, when it is
    /// a CPF and still as remembered, masked (personal, and the screen may be
    /// seen by someone else); anything typed, as typed.
    private func shownIdentifier(_ identifier: String) -> String {
        guard let remembered = preferences?.lastIdentifier, identifier == remembered,
            let cpf = CPF(identifier)
        else { return identifier }
        return cpf.masked
    }

    private func signUp(_ model: SignUpViewModel) -> ScreenSnapshot {
        var lines = [texts[.signUpPrompt]]
        if model.isBusy { lines.append(texts[.registering]) }
        if let failure = model.failure {
            lines.append(text(for: failure, takesCPF: model.shownFields.contains(.cpf)))
        }
        let form = model.form
        let everyField: [(SignUpField, String, TextKey, String)] = [
            (.name, "name", .fieldName, form.name), (.email, "email", .fieldEmail, form.email),
            (.cpf, "cpf", .fieldCPF, form.cpf), (.password, "password", .fieldPassword, bullets(form.password)),
            (.confirmation, "confirm", .fieldConfirm, bullets(form.confirmation)),
        ]
        // Only what the backend's sign-up takes: one may ask no name and no CPF.
        let shown = Set(model.shownFields)
        let fields = everyField.filter { shown.contains($0.0) }
        return ScreenSnapshot(
            name: "sign-up", title: texts[.titleSignUp], lines: lines,
            fields: fields.map { field, name, label, shown in
                ScreenSnapshot.Field(
                    name: name, label: texts[label], shown: shown,
                    problem: model.problems[field].map { text(for: $0, passwordRule: model.passwordRule) },
                    set: { model.set(field, to: $0) })
            },
            actions: [
                action("submit", .actionSubmit, enabled: model.isSubmitEnabled) { await model.submit() },
                action("back", .actionBack) { model.back() },
            ],
            isLoading: model.isBusy)
    }

    private func sessionExpired() -> ScreenSnapshot {
        let model = main.sessionExpired
        var lines: [String] = []
        if let reason = model?.reason { lines.append(text(for: reason)) }
        lines.append(texts[.expiredDataKept])
        return ScreenSnapshot(
            name: "session-expired", title: texts[.titleSessionExpired], lines: lines,
            actions: [
                action("re-authenticate", .actionReauthenticate) { model?.reauthenticate() },
                action("logout", .actionLogout) { await model?.logout() },
            ])
    }

    // MARK: - Texts

    func action(
        _ name: String, _ label: TextKey, enabled: Bool = true,
        perform: @escaping @MainActor @Sendable () async -> Void
    ) -> ScreenSnapshot.Action {
        ScreenSnapshot.Action(name: name, label: texts[label], isEnabled: enabled, perform: perform)
    }

    func bullets(_ secret: String) -> String {
        String(repeating: "•", count: secret.count)
    }

    private func healthBadge(_ status: HealthStatus) -> String {
        switch status {
        case .unknown, .healthy: return texts[.healthOnline]
        case .serverDown: return texts[.healthServerDown]
        case .offline: return texts[.healthOffline]
        }
    }

    private func text(for reason: SignedOutReason) -> String {
        switch reason {
        case .tokenInvalid: return texts[.reasonTokenInvalid]
        case .tokenExpired: return texts[.reasonTokenExpired]
        case .userInactive: return texts[.reasonUserInactive]
        case .userDeleted: return texts[.reasonUserDeleted]
        case .loggedOut: return texts[.reasonLoggedOut]
        case .accountDeleted: return texts[.reasonAccountDeleted]
        case .reauthenticating: return texts[.reasonReauthenticating]
        case .storedSessionUnreadable: return texts[.reasonStoredSessionUnreadable]
        case .storedSignInUnproved: return texts[.reasonStoredSignInUnproved]
        case .endedElsewhere: return texts[.reasonEndedElsewhere]
        }
    }

    private func text(for step: BrowserSignOutStep) -> String {
        switch step {
        case .waiting: return texts[.browserSignOutWaiting]
        case .ended: return texts[.browserSignOutEnded]
        case .failed(.notCompletedInTime): return texts[.browserSignOutNotCompletedInTime]
        case .failed(.cancelled): return texts[.browserSignOutCancelled]
        case .failed(.browserNotOpened): return texts[.browserSignOutBrowserNotOpened]
        case .failed(.couldNotBegin): return texts[.browserSignOutCouldNotBegin]
        }
    }

    private func text(for reason: SessionExpiredReason) -> String {
        switch reason {
        case .network: return texts[.expiredNetwork]
        case .timedOut: return texts[.expiredTimedOut]
        case .server: return texts[.expiredServer]
        case .refreshLimit: return texts[.expiredRefreshLimit]
        case .previouslyExpired: return texts[.expiredPreviously]
        case .storageUnavailable: return texts[.expiredStorageUnavailable]
        case .busyElsewhere: return texts[.expiredBusyElsewhere]
        case .pinAttemptsExhausted: return texts[.expiredPINAttempts]
        case .pinForgotten: return texts[.expiredPINForgotten]
        }
    }

    /// The failure's text, naming only the identifiers the backend takes
    /// (`accepting`): a refused kind of identifier is an e-mail where it
    /// signs in by CPF only, a CPF elsewhere; wrong credentials name the CPF
    /// only where a CPF is taken.
    func text(for failure: LoginFailure, accepting: SignInViewModel.AcceptedIdentifiers = .cpfOrEmail) -> String {
        Self.text(for: failure, in: texts, accepting: accepting)
    }

    /// The same in `texts`: each failure, and each cause of a setup the
    /// app cannot use, its own sentence.
    static func text(
        for failure: LoginFailure, in texts: Texts, accepting: SignInViewModel.AcceptedIdentifiers = .cpfOrEmail
    ) -> String {
        if failure == .identifierKindNotAccepted, accepting == .cpfOnly { return texts[.loginEmailKindNotAccepted] }
        if failure == .invalidCredentials {
            switch accepting {
            case .cpfOnly: return texts[.loginInvalidCredentialsCPFOnly]
            case .emailOnly: return texts[.loginInvalidCredentialsEmailOnly]
            case .cpfOrEmail: break
            }
        }
        switch failure {
        case .invalidCredentials: return texts[.loginInvalidCredentials]
        case .accountInactive: return texts[.loginAccountInactive]
        case .systemUnavailable: return texts[.loginSystemUnavailable]
        case .network: return texts[.loginNetwork]
        case .timedOut: return texts[.loginTimedOut]
        case .server: return texts[.loginServer]
        case .misconfigured(let cause):
            // One text per cause: a provider naming another issuer is not said
            // to have refused the app, nor a public client to have a secret.
            switch cause {
            case .clientRefused: return texts[.loginClientRefused]
            case .scopeRefused: return texts[.loginScopeRefused]
            case .scopeBroader: return texts[.loginScopeBroader]
            case .anotherIssuer: return texts[.loginAnotherIssuer]
            case .insecureEndpoint: return texts[.loginInsecureEndpoint]
            case .discoveryUnavailable: return texts[.loginDiscoveryUnavailable]
            case .pkceNotSupported: return texts[.loginPKCENotSupported]
            case .methodDisabled: return texts[.loginMethodDisabled]
            case .settingMismatch: return texts[.loginSettingMismatch]
            case .noSecureRandom: return texts[.loginNoSecureRandom]
            }
        case .identifierKindNotAccepted: return texts[.loginIdentifierKindNotAccepted]
        case .emailNotConfirmed: return texts[.loginEmailNotConfirmed]
        case .methodNotOffered: return texts[.loginMethodNotOffered]
        case .deniedByPerson: return texts[.loginDeniedByPerson]
        case .answerForAnotherAttempt: return texts[.loginAnswerForAnotherAttempt]
        case .notCompletedInTime: return texts[.loginNotCompletedInTime]
        case .identityNotProved: return texts[.loginIdentityNotProved]
        case .cancelled: return texts[.loginCancelled]
        }
    }

    /// `takesCPF`: the form asks for one; a sign-up that takes none says the e-mail alone is in use.
    private func text(for failure: RegistrationFailure, takesCPF: Bool) -> String {
        switch failure {
        case .alreadyRegistered: return texts[takesCPF ? .registerAlreadyRegistered : .registerEmailAlreadyRegistered]
        case .invalidFields(let fields):
            return texts[.registerInvalidFields, fields.keys.sorted().joined(separator: ", ")]
        case .systemUnavailable: return texts[.registerSystemUnavailable]
        case .network: return texts[.registerNetwork]
        case .timedOut: return texts[.registerTimedOut]
        case .server: return texts[.registerServer]
        case .notOffered: return texts[.signUpNotOffered]
        }
    }

    /// What the password step asks for, by the backend's rule.
    func passwordPrompt(for rule: PasswordRule) -> String {
        switch rule {
        case .digits(let count): texts[.passwordPrompt, String(count)]
        case .atLeast(let minimum): texts[.passwordPromptAtLeast, String(minimum)]
        }
    }

    /// `problem` as the screen says it; a password's by the backend's rule
    /// (a form that takes no password passes none).
    func text(for problem: SignUpFieldProblem, passwordRule: PasswordRule = .digits(6)) -> String {
        let count: String =
            switch passwordRule {
            case .digits(let count), .atLeast(let count): String(count)
            }
        switch problem {
        case .empty: return texts[.problemEmpty]
        case .nameTooShort: return texts[.problemNameTooShort]
        case .invalidEmail: return texts[.problemInvalidEmail]
        case .invalidCPF: return texts[.problemInvalidCPF]
        case .passwordNotDigits: return texts[.problemPasswordNotDigits, count]
        case .passwordTooShort: return texts[.problemPasswordTooShort, count]
        case .confirmationMismatch: return texts[.problemConfirmationMismatch]
        }
    }
}

extension ScreenDriver {
    /// The identifier field's label: what the backend signs in by.
    static func identifierLabel(_ accepted: SignInViewModel.AcceptedIdentifiers) -> TextKey {
        switch accepted {
        case .cpfOrEmail: .fieldIdentifier
        case .cpfOnly: .fieldCPF
        case .emailOnly: .fieldEmail
        }
    }
}
