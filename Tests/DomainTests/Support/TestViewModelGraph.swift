import DomainCore
import Ports

/// The view-model graph wired on a `SessionHarness`, as the app container
/// wires it on real adapters (Koober's dependency containers): the long-lived
/// objects are the harness's, and every `make…()` builds a fresh model.
///
/// It keeps no model it makes — the root owns its children, as in the app —
/// so a test can see a model released. It only counts what it made.
@MainActor
final class TestViewModelGraph: MainViewModelFactory, OnboardingViewModelFactory, SignedInViewModelFactory {
    let harness: SessionHarness
    private(set) var onboardingsMade = 0
    private(set) var dashboardsMade = 0
    private(set) var sessionExpiredScreensMade = 0

    init(harness: SessionHarness = SessionHarness()) {
        self.harness = harness
    }

    var authSession: AuthSession { harness.authSession }
    var launcher: Launcher { harness.launcher }
    var signIn: SignIn { harness.signIn }
    var registration: AccountRegistration { harness.registration }
    var sessionEnd: SessionEnd { harness.sessionEnd }
    var account: AccountManagement { harness.account }
    var pinLock: PINLock { harness.pinLock }
    var lifecycle: AppLifecycle { harness.lifecycle }
    func keptUser() async -> UserProfile? { await harness.keptUser() }

    // MARK: The root

    /// The root of the graph, made the session's responder as the app
    /// container does; the caller owns it (it holds this container).
    func makeMainViewModel() -> MainViewModel {
        let main = MainViewModel(authState: authSession, health: harness.health, factory: self)
        authSession.responder = main
        return main
    }

    func makeLaunchViewModel() -> LaunchViewModel {
        LaunchViewModel(launcher: launcher)
    }

    func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel {
        onboardingsMade += 1
        let prefill = reason == .reauthenticating ? authSession.keptUserIdentifier : nil
        return OnboardingViewModel(reason: reason, reauthenticatingIdentifier: prefill, factory: self)
    }

    func makeSessionExpiredViewModel(reason: SessionExpiredReason) -> SessionExpiredViewModel {
        sessionExpiredScreensMade += 1
        return SessionExpiredViewModel(reason: reason, session: sessionEnd)
    }

    func makeSignedInCoordinator(user: UserProfile) -> SignedInCoordinator {
        SignedInCoordinator(user: user, factory: self)
    }

    func makePINLockViewModel() -> PINLockViewModel {
        PINLockViewModel(session: pinLock)
    }

    // MARK: The signed-in area's children

    var locale: AppLocale = .ptBR
    var statementService: StatementService {
        StatementService(tokenManager: harness.tokenManager, api: ScriptedStatementAPI(server: harness.server))
    }
    var userService: SignedInUserService {
        SignedInUserService(tokenManager: harness.tokenManager, api: ScriptedUserAPI(server: harness.server))
    }

    func makeDashboardViewModel(user: UserProfile) -> DashboardViewModel {
        dashboardsMade += 1
        return DashboardViewModel(user: user, session: sessionEnd, health: harness.health)
    }

    func makeStatementListViewModel(navigator: any SignedInNavigator) -> StatementListViewModel {
        StatementListViewModel(service: statementService, locale: locale, navigator: navigator)
    }

    func makeEntryDetailsViewModel(id: String) -> EntryDetailsViewModel {
        EntryDetailsViewModel(id: id, service: statementService, locale: locale)
    }

    func makeProfileViewModel() -> ProfileViewModel {
        ProfileViewModel(user: authSession.user ?? .maria, session: account)
    }

    func makeRelatedUsersViewModel() -> RelatedUsersViewModel {
        RelatedUsersViewModel(service: userService)
    }

    func makePINSettingsViewModel() -> PINSettingsViewModel {
        PINSettingsViewModel(session: pinLock)
    }

    func makeSessionDetailsViewModel() -> SessionDetailsViewModel {
        SessionDetailsViewModel(user: authSession.user ?? .maria, session: authSession, times: harness.tokenManager)
    }

    // MARK: The onboarding's children

    func makeWelcomeViewModel(reason: SignedOutReason?, navigator: OnboardingViewModel) -> WelcomeViewModel {
        WelcomeViewModel(reason: reason, signInNavigator: navigator, signUpNavigator: navigator)
    }

    func makeSignInViewModel(navigator: OnboardingViewModel, identifier: String) -> SignInViewModel {
        SignInViewModel(
            loginUseCase: signIn, health: harness.health, welcomeNavigator: navigator, signUpNavigator: navigator,
            identifier: identifier)
    }

    func makeSignUpViewModel(navigator: OnboardingViewModel) -> SignUpViewModel {
        SignUpViewModel(registerUseCase: registration, welcomeNavigator: navigator, signedUpResponder: navigator)
    }
}
