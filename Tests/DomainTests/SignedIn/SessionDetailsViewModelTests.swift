import DomainCore
import Foundation
import Ports
import Testing

/// "About this session": who, where, and the access's times, never the token
/// (docs/spec/signed-in-area.md, "Session details").
@MainActor
@Suite("Session details view model")
struct SessionDetailsViewModelTests {
    /// Times read from a list of answers, one per read.
    private actor ScriptedTimes: SessionTimesReading {
        private var answers: [SessionTimes?]
        private(set) var reads = 0
        init(_ answers: [SessionTimes?]) { self.answers = answers }
        func sessionTimes() async -> SessionTimes? {
            reads += 1
            return answers.isEmpty ? nil : answers.removeFirst()
        }
    }

    private static let issued = Date(timeIntervalSince1970: 1_706_775_300)  // 2024-02-01 08:15 UTC
    private static let times = SessionTimes(issuedAt: issued, expiresAt: issued.addingTimeInterval(900))

    @Test("Before the read nothing is known of the times; the read shows them")
    func loadReadsTheTimes() async {
        let model = SessionDetailsViewModel(
            user: .maria, session: FakeSignedInSession(user: .maria), times: ScriptedTimes([Self.times]))
        #expect(model.times == nil)

        await model.load()

        #expect(model.times == Self.times)
        #expect(!model.isLoading)
    }

    @Test("Without an access in use no times are shown")
    func noAccessNoTimes() async {
        let model = SessionDetailsViewModel(
            user: .maria, session: FakeSignedInSession(user: .maria), times: ScriptedTimes([nil]))
        await model.load()
        #expect(model.times == nil)
    }

    @Test("The user shown follows a profile edit of the same user, and the CPF is masked")
    func userFollowsTheSession() {
        let session = FakeSignedInSession(user: .maria)
        let model = SessionDetailsViewModel(
            user: .maria, session: session, times: ScriptedTimes([]))
        var renamed = UserProfile.maria
        renamed.name = "Maria S. Souza"
        session.user = renamed

        #expect(model.user.name == "Maria S. Souza")
        #expect(model.maskedCPF == "***.456.789-**")
    }

    @Test("A profile only the sign-in knew, by e-mail, has no CPF line")
    func noCPFWithoutOne() {
        let byEmail = UserProfile.signedIn(as: .email("maria@example.com"))
        let model = SessionDetailsViewModel(
            user: byEmail, session: FakeSignedInSession(user: byEmail), times: ScriptedTimes([]))
        #expect(model.maskedCPF == nil)
        #expect(model.user.email == "maria@example.com")
    }

    @Test("Opened from the dashboard through the real graph: the token manager's times, and back to the dashboard")
    func opensFromTheDashboardWithTheTokensTimes() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = graph.makeMainViewModel()
        await graph.launcher.bootstrap()
        _ = await graph.signIn.login(.maria)
        let area = try #require(main.signedInArea)
        let token = try #require(await graph.harness.tokenManager.currentToken)

        await area.dashboard.showSessionDetails()

        #expect(area.route == .sessionDetails)
        let details = try #require(area.sessionDetails)
        #expect(details.times == SessionTimes(issuedAt: token.issuedAt, expiresAt: token.expiresAt))
        #expect(details.user == .maria)
        area.back()
        #expect(area.route == .dashboard)
        #expect(area.sessionDetails == nil)
    }
}
