public import DomainCore
public import Ports

/// Made fresh for every signed-in user (Koober's `SignedInDependencyContainer`):
/// whatever it makes belongs to that user and goes when they sign out.
@MainActor
public final class SignedInContainer {
    private let app: AppContainer
    public let user: UserProfile

    public init(app: AppContainer, user: UserProfile) {
        self.app = app
        self.user = user
    }

    public func makeDashboardViewModel() -> DashboardViewModel {
        DashboardViewModel(user: user, authSession: app.authSession)
    }
}
