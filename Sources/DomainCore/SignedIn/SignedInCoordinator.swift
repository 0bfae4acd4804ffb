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
    public private(set) var stack: [SignedInRoute] = [.dashboard]
    public let dashboard: DashboardViewModel
    public private(set) var statement: StatementListViewModel?
    public private(set) var entryDetails: EntryDetailsViewModel?
    public private(set) var profile: ProfileViewModel?
    public private(set) var relatedUsers: RelatedUsersViewModel?

    @ObservationIgnored private let factory: any SignedInViewModelFactory

    public init(user: UserProfile, factory: any SignedInViewModelFactory) {
        self.factory = factory
        dashboard = factory.makeDashboardViewModel(user: user)
        dashboard.navigator = self
    }

    /// The route on screen.
    public var route: SignedInRoute { stack.last ?? .dashboard }

    public func showStatement() async {
        push(.statement)
        let model = statement ?? factory.makeStatementListViewModel(navigator: self)
        statement = model
        if model.sections == nil { await model.load() }
    }

    public func showEntryDetails(id: String) async {
        push(.entryDetails(id: id))
        let model = factory.makeEntryDetailsViewModel(id: id)
        entryDetails = model
        await model.load()
    }

    public func showProfile() {
        push(.profile)
        profile = factory.makeProfileViewModel()
    }

    public func showRelatedUsers() async {
        push(.relatedUsers)
        let model = factory.makeRelatedUsersViewModel()
        relatedUsers = model
        await model.load()
    }

    public func back() {
        guard stack.count > 1 else { return }
        let popped = stack.removeLast()
        switch popped {
        case .dashboard: break
        case .statement: statement = nil
        case .entryDetails: entryDetails = nil
        case .profile: profile = nil
        case .relatedUsers: relatedUsers = nil
        }
    }

    private func push(_ route: SignedInRoute) {
        stack.append(route)
    }
}

/// Makes the signed-in area's models (the signed-in container implements it).
@MainActor
public protocol SignedInViewModelFactory: AnyObject {
    func makeDashboardViewModel(user: UserProfile) -> DashboardViewModel
    func makeStatementListViewModel(navigator: any SignedInNavigator) -> StatementListViewModel
    func makeEntryDetailsViewModel(id: String) -> EntryDetailsViewModel
    func makeProfileViewModel() -> ProfileViewModel
    func makeRelatedUsersViewModel() -> RelatedUsersViewModel
}
