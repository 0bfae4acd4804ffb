import DomainCore
import Ports
import Testing

/// The signed-in home: the user's name, the masked CPF, a discreet banner
/// when the server is not healthy, and log out. Built on fakes of its seams.
@MainActor
@Suite("Dashboard")
struct DashboardViewModelTests {
    private func dashboard(
        for user: UserProfile = .maria, session: FakeSignedInSession? = nil, health: FakeHealth = FakeHealth()
    ) -> DashboardViewModel {
        DashboardViewModel(user: user, session: session ?? FakeSignedInSession(user: user), health: health)
    }

    @Test("The dashboard shows the user's name and the CPF with its first three and check digits hidden")
    func dashboardShowsNameAndMaskedCPF() {
        let dashboard = dashboard(for: .joao)

        #expect(dashboard.user.name == "João da Silva")
        #expect(dashboard.maskedCPF == "***.982.247-**")
        #expect(!dashboard.maskedCPF.contains("529"))
    }

    @Test("A CPF that cannot be read is hidden whole")
    func unreadableCPFIsHiddenWhole() {
        var user = UserProfile.maria
        user.cpf = "not a cpf"

        #expect(dashboard(for: user).maskedCPF == "***")
    }

    @Test("A profile edit of the signed-in user shows on the dashboard at once")
    func profileEditShowsAtOnce() {
        let session = FakeSignedInSession(user: .maria)
        let dashboard = dashboard(session: session)

        session.user?.name = "Maria S. Silva"

        #expect(dashboard.user.name == "Maria S. Silva")
    }

    @Test("Once nobody (or someone else) is signed in, the dashboard keeps the user it was made for")
    func anotherUserDoesNotReplaceTheDashboardsUser() {
        let session = FakeSignedInSession(user: .maria)
        let dashboard = dashboard(session: session)

        session.user = .joao
        #expect(dashboard.user == .maria)
        session.user = nil
        #expect(dashboard.user == .maria)
    }

    @Test(
        "The dashboard shows no health banner while the server is healthy or not yet asked",
        arguments: [HealthStatus.healthy, .unknown])
    func noBannerWhenNotDown(status: HealthStatus) {
        #expect(dashboard(health: FakeHealth(status)).healthBanner == nil)
    }

    @Test("The dashboard shows a banner while the server is down or the device offline, and drops it once healthy")
    func bannerFollowsHealth() {
        let health = FakeHealth(.serverDown)
        let dashboard = dashboard(health: health)
        #expect(dashboard.healthBanner == .serverDown)

        health.status = .offline
        #expect(dashboard.healthBanner == .offline)

        health.status = .healthy
        #expect(dashboard.healthBanner == nil)
    }

    @Test("Log out is busy while in flight, and a second tap sends nothing")
    func logoutIsBusyWhileInFlight() async {
        let session = FakeSignedInSession(user: .maria)
        session.allowsLogout = true
        session.gate.hold()
        let dashboard = dashboard(session: session)
        let loggingOut = Task { await dashboard.logout() }
        await session.gate.waitUntilACallIsHeld()

        #expect(dashboard.isBusy)
        await dashboard.logout()

        session.gate.release()
        await loggingOut.value
        #expect(session.logouts == 1)
        #expect(!dashboard.isBusy)
    }
}
