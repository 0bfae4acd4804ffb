public import Observation
public import Ports

/// The signed-in home (docs/spec/signed-in-area.md, "Dashboard"): welcome with
/// the user's name, basic data with the CPF masked, a discreet banner when the
/// server is not healthy, links to the statement, the profile, related
/// users, security and the session's details, and log out. On a backend
/// without account routes the related-users link is not offered, and the
/// dashboard says so; the profile is, for the device's preferences (the
/// language, the remembered CPF), which are no backend's to refuse.
@MainActor
@Observable
public final class DashboardViewModel {
    /// A logout is in flight: a second one is ignored.
    public private(set) var isBusy = false
    /// Where the links go (the signed-in coordinator).
    @ObservationIgnored public weak var navigator: (any SignedInNavigator)?
    @ObservationIgnored private let signedInAs: UserProfile
    @ObservationIgnored private let session: any DashboardUseCases
    @ObservationIgnored private let health: any HealthStatusReading

    /// Whether the related-users link is offered and the profile can edit the
    /// account (the backend has the account routes).
    public let offersAccountRoutes: Bool

    /// The home of `user`, with no navigator until the coordinator sets itself.
    ///
    /// - Parameters:
    ///   - user: the signed-in user, shown until the session says otherwise.
    ///   - session: who is signed in now, and log out.
    ///   - health: the status the banner shows.
    ///   - offersAccountRoutes: whether the backend has the account routes, so
    ///     the related-users link is offered; true by default.
    public init(
        user: UserProfile, session: any DashboardUseCases, health: any HealthStatusReading,
        offersAccountRoutes: Bool = true
    ) {
        signedInAs = user
        self.session = session
        self.health = health
        self.offersAccountRoutes = offersAccountRoutes
    }

    /// The user as the server last said (a profile edit shows here at once).
    public var user: UserProfile {
        if let user = session.user, user.id == signedInAs.id { return user }
        return signedInAs
    }

    /// Opens the statement (through the navigator).
    public func showStatement() async { await navigator?.showStatement() }
    /// Opens the profile: with account routes or without, since it holds the
    /// device's preferences too.
    public func showProfile() {
        navigator?.showProfile()
    }

    /// Opens the security screen (the PIN lock).
    public func showSecurity() async { await navigator?.showSecurity() }

    /// Opens the details of this session (who, where, when).
    public func showSessionDetails() async { await navigator?.showSessionDetails() }

    /// Opens related users; does nothing when account routes are not offered.
    public func showRelatedUsers() async {
        guard offersAccountRoutes else { return }
        await navigator?.showRelatedUsers()
    }

    /// The user's CPF masked for display (`CPF.masked`); `***` when it is not
    /// a valid CPF.
    public var maskedCPF: String { CPF(user.cpf)?.masked ?? "***" }

    /// Shown as a banner when not healthy; nil when all is well.
    public var healthBanner: HealthStatus? {
        let status = health.status
        return status.isDown ? status : nil
    }

    /// Logs out; ignored while a logout is in flight. The root moves on when
    /// the state changes.
    public func logout() async {
        guard !isBusy else { return }
        isBusy = true
        await session.logout()
        isBusy = false
    }
}
