public import Observation
public import Ports

/// Navigation inside the signed-in area, as a coordinator over a route stack
/// (ContaCasal's AppCoordinator + Routes): the dashboard at the bottom, each
/// screen pushed on top, back pops. Each screen's model is made fresh when
/// its route is pushed and dropped when it is popped; only the model of the
/// route on screen is kept. A new coordinator is made for every signed-in user.
@MainActor
@Observable
public final class SignedInCoordinator: SignedInNavigator {
    /// The routes from the bottom (always the dashboard) to the one on screen.
    public private(set) var stack: [SignedInRoute] = [.dashboard]
    /// The dashboard's model, made once with the coordinator and kept for as
    /// long as it lives.
    public let dashboard: DashboardViewModel
    /// The statement list's model while its route is on the stack, else nil.
    public private(set) var statement: StatementListViewModel?
    /// The open entry's model while its route is on the stack, else nil.
    public private(set) var entryDetails: EntryDetailsViewModel?
    /// The profile's model while its route is on the stack, else nil.
    public private(set) var profile: ProfileViewModel?
    /// The related users' model while its route is on the stack, else nil.
    public private(set) var relatedUsers: RelatedUsersViewModel?
    /// The security screen's model while its route is on the stack, else nil.
    public private(set) var security: PINSettingsViewModel?

    @ObservationIgnored private let factory: any SignedInViewModelFactory

    /// A coordinator on the dashboard of `user`; the dashboard navigates
    /// through it.
    ///
    /// - Parameters:
    ///   - user: the signed-in user the dashboard shows.
    ///   - factory: makes each screen's model when its route is pushed.
    public init(user: UserProfile, factory: any SignedInViewModelFactory) {
        self.factory = factory
        dashboard = factory.makeDashboardViewModel(user: user)
        dashboard.navigator = self
    }

    /// The route on screen.
    public var route: SignedInRoute { stack.last ?? .dashboard }

    /// Pushes the statement and loads it, unless its model already holds a list.
    public func showStatement() async {
        push(.statement)
        let model = statement ?? factory.makeStatementListViewModel(navigator: self)
        statement = model
        if model.sections == nil { await model.load() }
    }

    /// Pushes entry `id` with a fresh model and loads it.
    public func showEntryDetails(id: String) async {
        push(.entryDetails(id: id))
        let model = factory.makeEntryDetailsViewModel(id: id)
        entryDetails = model
        await model.load()
    }

    /// Pushes the profile with a fresh model, filled in from the current user.
    public func showProfile() {
        push(.profile)
        profile = factory.makeProfileViewModel()
    }

    /// Pushes the related users with a fresh model and loads them.
    public func showRelatedUsers() async {
        push(.relatedUsers)
        let model = factory.makeRelatedUsersViewModel()
        relatedUsers = model
        await model.load()
    }

    /// Pushes the security screen with a fresh model and asks whether a PIN is set.
    public func showSecurity() async {
        push(.security)
        let model = factory.makePINSettingsViewModel()
        security = model
        await model.load()
    }

    /// Pops the route on screen and drops its model; on the dashboard it does
    /// nothing.
    public func back() {
        guard stack.count > 1 else { return }
        let popped = stack.removeLast()
        switch popped {
        case .dashboard: break
        case .statement: statement = nil
        case .entryDetails: entryDetails = nil
        case .profile: profile = nil
        case .relatedUsers: relatedUsers = nil
        case .security: security = nil
        }
    }

    private func push(_ route: SignedInRoute) {
        stack.append(route)
    }
}

/// Makes the signed-in area's models (the signed-in container implements it).
@MainActor
public protocol SignedInViewModelFactory: AnyObject {
    /// The dashboard of `user`.
    func makeDashboardViewModel(user: UserProfile) -> DashboardViewModel
    /// A statement list whose rows open through `navigator`.
    func makeStatementListViewModel(navigator: any SignedInNavigator) -> StatementListViewModel
    /// The model of entry `id`, not loaded yet.
    func makeEntryDetailsViewModel(id: String) -> EntryDetailsViewModel
    /// The profile of the user signed in now.
    func makeProfileViewModel() -> ProfileViewModel
    /// The related users' model, not loaded yet.
    func makeRelatedUsersViewModel() -> RelatedUsersViewModel
    /// The security screen's model, not loaded yet.
    func makePINSettingsViewModel() -> PINSettingsViewModel
}
