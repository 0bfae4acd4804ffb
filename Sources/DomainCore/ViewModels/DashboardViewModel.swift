public import Observation
public import Ports

/// The signed-in home (FSD 000 §8): welcome with the user's name, basic data
/// with the CPF masked, a discreet banner when the server is not healthy, and
/// log out. The statement, profile and related users come in later.
@MainActor
@Observable
public final class DashboardViewModel {
    public let user: UserProfile
    public private(set) var isBusy = false
    @ObservationIgnored private let authSession: AuthSession

    public init(user: UserProfile, authSession: AuthSession) {
        self.user = user
        self.authSession = authSession
    }

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
