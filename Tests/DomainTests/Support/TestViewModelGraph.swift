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

    // MARK: The root

    /// The root of the graph, made the session's responder as the app
    /// container does; the caller owns it (it holds this container).
    func makeMainViewModel() -> MainViewModel {
        let main = MainViewModel(authState: authSession, health: harness.health, factory: self)
        authSession.responder = main
        return main
    }

    func makeLaunchViewModel() -> LaunchViewModel {
        LaunchViewModel(launcher: authSession)
    }

    func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel {
        onboardingsMade += 1
        let prefill = reason == .reauthenticating ? authSession.keptUserIdentifier : nil
        return OnboardingViewModel(reason: reason, reauthenticatingIdentifier: prefill, factory: self)
    }

    func makeSessionExpiredViewModel(reason: SessionExpiredReason) -> SessionExpiredViewModel {
        sessionExpiredScreensMade += 1
        return SessionExpiredViewModel(reason: reason, session: authSession)
    }

    func makeSignedInCoordinator(user: UserProfile) -> SignedInCoordinator {
        SignedInCoordinator(user: user, factory: self)
    }

    func makePINLockViewModel() -> PINLockViewModel {
        PINLockViewModel(session: authSession)
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
        return DashboardViewModel(user: user, session: authSession, health: harness.health)
    }

    func makeStatementListViewModel(navigator: any SignedInNavigator) -> StatementListViewModel {
        StatementListViewModel(service: statementService, locale: locale, navigator: navigator)
    }

    func makeEntryDetailsViewModel(id: String) -> EntryDetailsViewModel {
        EntryDetailsViewModel(id: id, service: statementService, locale: locale)
    }

    func makeProfileViewModel() -> ProfileViewModel {
        ProfileViewModel(user: authSession.user ?? .maria, session: authSession)
    }

    func makeRelatedUsersViewModel() -> RelatedUsersViewModel {
        RelatedUsersViewModel(service: userService)
    }

    func makePINSettingsViewModel() -> PINSettingsViewModel {
        PINSettingsViewModel(session: authSession)
    }

    // MARK: The onboarding's children

    func makeWelcomeViewModel(reason: SignedOutReason?, navigator: OnboardingViewModel) -> WelcomeViewModel {
        WelcomeViewModel(reason: reason, signInNavigator: navigator, signUpNavigator: navigator)
    }

    func makeSignInViewModel(navigator: OnboardingViewModel, identifier: String) -> SignInViewModel {
        SignInViewModel(
            loginUseCase: authSession, health: harness.health, welcomeNavigator: navigator, signUpNavigator: navigator,
            identifier: identifier)
    }

    func makeSignUpViewModel(navigator: OnboardingViewModel) -> SignUpViewModel {
        SignUpViewModel(registerUseCase: authSession, welcomeNavigator: navigator, signedUpResponder: navigator)
    }
}
