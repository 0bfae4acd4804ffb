import DomainCore
import Ports
import Testing

/// The signed-in home (BEHAVIOUR.md §1, §7): the user's name, the masked CPF,
/// and a discreet banner when the server is not healthy.
@MainActor
@Suite("Dashboard")
struct DashboardViewModelTests {
    @Test("The dashboard shows the user's name and the CPF with its first three and check digits hidden")
    func dashboardShowsNameAndMaskedCPF() {
        let graph = TestViewModelGraph()

        let dashboard = graph.makeDashboardViewModel(user: .joao)

        #expect(dashboard.user.name == "João da Silva")
        #expect(dashboard.maskedCPF == "***.982.247-**")
        #expect(!dashboard.maskedCPF.contains("529"))
    }

    @Test("A CPF that cannot be read is hidden whole")
    func unreadableCPFIsHiddenWhole() {
        let graph = TestViewModelGraph()
        var user = UserProfile.maria
        user.cpf = "not a cpf"

        let dashboard = graph.makeDashboardViewModel(user: user)

        #expect(dashboard.maskedCPF == "***")
    }

    @Test("The dashboard shows no health banner while the server is healthy")
    func dashboardHasNoBannerWhenHealthy() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        try await main.signInAsMaria()

        let dashboard = try #require(main.dashboard)

        #expect(graph.harness.health.status == .healthy)
        #expect(dashboard.healthBanner == nil)
    }

    @Test("The dashboard shows a server-down banner once a check finds the server down, and stays signed in")
    func dashboardShowsBannerWhenServerDown() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        try await main.signInAsMaria()
        let dashboard = try #require(main.dashboard)

        await graph.harness.probe.setHealthy(false)
        await graph.harness.health.checkNow()

        #expect(dashboard.healthBanner == .serverDown)
        #expect(main.screen == .signedIn)
        #expect(main.dashboard === dashboard)

        await graph.harness.probe.setHealthy(true)
        await graph.harness.health.checkNow()
        #expect(dashboard.healthBanner == nil)
    }
}
