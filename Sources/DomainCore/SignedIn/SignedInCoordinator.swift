public import Observation
public import Ports

/// Navigation inside the signed-in area, as a coordinator over a stack of
/// destinations (ContaCasal's AppCoordinator + Routes, with isowords' typed
/// destinations): the dashboard at the bottom, each screen pushed on top,
/// back pops. Each destination carries its screen's model, made fresh when
/// it is pushed and dropped with it when it is popped: there is no model
/// without its screen, and no screen without its model. A new coordinator is
/// made for every signed-in user.
@MainActor
@Observable
public final class SignedInCoordinator: SignedInNavigator {
    /// The destinations from the bottom (always the dashboard) to the one on screen.
    public private(set) var stack: [SignedInDestination]
    /// The dashboard's model, made once with the coordinator and kept for as
    /// long as it lives.
    public let dashboard: DashboardViewModel

    @ObservationIgnored private let factory: any SignedInViewModelFactory

    /// A coordinator on the dashboard of `user`; the dashboard navigates
    /// through it.
    ///
    /// - Parameters:
    ///   - user: the signed-in user the dashboard shows.
    ///   - factory: makes each screen's model when its destination is pushed.
    public init(user: UserProfile, factory: any SignedInViewModelFactory) {
        self.factory = factory
        let dashboard = factory.makeDashboardViewModel(user: user)
        self.dashboard = dashboard
        stack = [.dashboard(dashboard)]
        dashboard.navigator = self
    }

    /// The destination on screen.
    public var destination: SignedInDestination { stack.last ?? .dashboard(dashboard) }

    /// The route on screen (the destination without its model).
    public var route: SignedInRoute { destination.route }

    /// Pushes the statement and loads it, unless a statement already on the
    /// stack holds a list (its model is then shown again).
    public func showStatement() async {
        let model = openStatement() ?? factory.makeStatementListViewModel(navigator: self)
        stack.append(.statement(model))
        if model.sections == nil { await model.load() }
    }

    /// Pushes entry `id` with a fresh model and loads it.
    public func showEntryDetails(id: String) async {
        let model = factory.makeEntryDetailsViewModel(id: id)
        stack.append(.entryDetails(id: id, model))
        await model.load()
    }

    /// Pushes the profile with a fresh model, filled in from the current user.
    public func showProfile() {
        stack.append(.profile(factory.makeProfileViewModel()))
    }

    /// Pushes the related users with a fresh model and loads them.
    public func showRelatedUsers() async {
        let model = factory.makeRelatedUsersViewModel()
        stack.append(.relatedUsers(model))
        await model.load()
    }

    /// Pushes the security screen with a fresh model and asks whether a PIN is set.
    public func showSecurity() async {
        let model = factory.makePINSettingsViewModel()
        stack.append(.security(model))
        await model.load()
    }

    /// Pushes the session's details with a fresh model and reads its times.
    public func showSessionDetails() async {
        let model = factory.makeSessionDetailsViewModel()
        stack.append(.sessionDetails(model))
        await model.load()
    }

    /// Pops the destination on screen, and its model with it; on the
    /// dashboard it does nothing.
    public func back() {
        guard stack.count > 1 else { return }
        stack.removeLast()
    }

    /// The model of the statement on the stack nearest the top, if any.
    private func openStatement() -> StatementListViewModel? {
        for case .statement(let model) in stack.reversed() { return model }
        return nil
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
    /// The session details' model, its times not read yet.
    func makeSessionDetailsViewModel() -> SessionDetailsViewModel
}
