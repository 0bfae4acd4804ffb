public import DomainCore
public import Ports

/// Made fresh for every signed-in user (Koober's `SignedInDependencyContainer`):
/// the services and models of the signed-in area belong to that user and go
/// when they sign out.
@MainActor
public final class SignedInContainer: SignedInViewModelFactory {
    private let app: AppContainer
    public let user: UserProfile
    private let statementService: StatementService
    private let userService: SignedInUserService

    public init(app: AppContainer, user: UserProfile) {
        self.app = app
        self.user = user
        statementService = StatementService(tokenManager: app.tokenManager, api: app.world.remote.statement)
        userService = SignedInUserService(tokenManager: app.tokenManager, api: app.world.remote.user)
    }

    /// The statement as this area reads it (the statement list, an entry's
    /// details): the world's statement adapter — behind the request deadline,
    /// and the outcome recording when the health plugin learns from the calls
    /// — called through the app's token manager with its cap. What `app
    /// bench`'s overhead scenario measures an app paying per call.
    public var statementReading: StatementService { statementService }

    public func makeSignedInCoordinator() -> SignedInCoordinator {
        SignedInCoordinator(user: user, factory: self)
    }

    public func makeDashboardViewModel(user: UserProfile) -> DashboardViewModel {
        DashboardViewModel(
            user: user, session: app.sessionEnd, health: app.health,
            offersAccountRoutes: app.account.offersAccountRoutes)
    }

    public func makeStatementListViewModel(navigator: any SignedInNavigator) -> StatementListViewModel {
        StatementListViewModel(
            service: statementService, locale: app.locale, navigator: navigator, timeZone: app.timeZone)
    }

    public func makeEntryDetailsViewModel(id: String) -> EntryDetailsViewModel {
        EntryDetailsViewModel(id: id, service: statementService, locale: app.locale, timeZone: app.timeZone)
    }

    public func makeProfileViewModel() -> ProfileViewModel {
        app.preferences.dismissLastChange()
        return ProfileViewModel(
            user: app.authSession.user ?? user, session: app.account,
            offersAccountRoutes: app.account.offersAccountRoutes)
    }

    public func makeRelatedUsersViewModel() -> RelatedUsersViewModel {
        RelatedUsersViewModel(service: userService)
    }

    public func makePINSettingsViewModel() -> PINSettingsViewModel {
        app.preferences.dismissLastChange()
        return PINSettingsViewModel(session: app.pinLock)
    }

    public func makeSessionDetailsViewModel() -> SessionDetailsViewModel {
        SessionDetailsViewModel(user: user, session: app.authSession, times: app.tokenManager)
    }
}
