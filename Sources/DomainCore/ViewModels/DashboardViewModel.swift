public import Observation
public import Ports

/// The signed-in home (FSD 000 §8): welcome with the user's name, basic data
/// with the CPF masked, a discreet banner when the server is not healthy,
/// links to the statement, the profile and related users, and log out.
@MainActor
@Observable
public final class DashboardViewModel {
    public private(set) var isBusy = false
    /// Where the links go (the signed-in coordinator).
    @ObservationIgnored public weak var navigator: (any SignedInNavigator)?
    @ObservationIgnored private let signedInAs: UserProfile
    @ObservationIgnored private let authSession: AuthSession

    public init(user: UserProfile, authSession: AuthSession) {
        signedInAs = user
        self.authSession = authSession
    }

    /// The user as the server last said (a profile edit shows here at once).
    public var user: UserProfile {
        if case .authenticated(let user) = authSession.state, user.id == signedInAs.id { return user }
        return signedInAs
    }

    public func showStatement() async { await navigator?.showStatement() }
    public func showProfile() { navigator?.showProfile() }
    public func showRelatedUsers() async { await navigator?.showRelatedUsers() }

    public var maskedCPF: String { CPF(user.cpf)?.masked ?? "***" }

    /// Shown as a banner when not healthy; nil when all is well.
    public var healthBanner: HealthStatus? {
        let status = authSession.health.status
        return status.isDown ? status : nil
    }

    public func logout() async {
        guard !isBusy else { return }
        isBusy = true
        await authSession.logout()
        isBusy = false
    }
}
