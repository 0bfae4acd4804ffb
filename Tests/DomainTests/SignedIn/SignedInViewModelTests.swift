import AdapterInMemory
import SimulatedBackend
import DomainCore
import Ports
import Testing

/// The signed-in area through the real graph: the coordinator, the services
/// and the token manager on a scripted server. The screens' own rules are
/// tested on fakes in their own suites.
@MainActor
@Suite("Signed-in area view models")
struct SignedInViewModelTests {
    /// Maria signed in through the root; returns her signed-in area.
    private func signedIn(_ graph: TestViewModelGraph) async throws -> (MainViewModel, SignedInCoordinator) {
        let main = graph.makeMainViewModel()
        await graph.launcher.bootstrap()
        _ = await graph.signIn.login(.maria)
        let area = try #require(main.signedInArea)
        return (main, area)
    }

    @Test("Opening the statement puts its screen up at once and loads the list through the session")
    func statementOpensAtOnceThenLoads() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await graph.harness.server.holdStatementCalls(1)

        let opening = graph.harness.scheduler.spawn { @MainActor in await area.showStatement() }
        await graph.harness.server.wait { $0.heldStatementCallCount == 1 }
        let list = try #require(area.statement)
        #expect(area.route == .statement)
        #expect(list.showsPlaceholder)

        await graph.harness.server.releaseStatementCalls()
        await opening.value

        #expect(list.rows.count == 3)
        #expect(await graph.harness.server.statementCallTokens.count == 1)
    }

    @Test(
        "A failed statement call reaches the screen told apart, and the session goes on",
        arguments: [
            (RemoteError.transport("connection reset"), SignedInFailure.network), (.timeout, .timedOut),
            (.rejected(status: 500, code: nil), .server), (.rejected(status: 404, code: .notFound), .notFound),
        ])
    func statementFailuresAreToldApart(error: RemoteError, failure: SignedInFailure) async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await graph.harness.server.set(statement: .failure(error))

        await area.showStatement()

        #expect(area.statement?.failure == failure)
        #expect(graph.authSession.state == .authenticated(.maria))
    }

    @Test("Opening an entry shows a placeholder, then its details with documents masked by type; back returns")
    func detailsThenBack() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await area.showStatement()
        let list = try #require(area.statement)
        await graph.harness.server.holdStatementCalls(1)

        let opening = graph.harness.scheduler.spawn { @MainActor in await list.open(3) }
        await graph.harness.server.wait { $0.heldStatementCallCount == 1 }
        let details = try #require(area.entryDetails)
        #expect(details.showsPlaceholder)
        #expect(area.route == .entryDetails(id: "abc123def456ghi789"))
        await graph.harness.server.releaseStatementCalls()
        #expect(await opening.value)

        let shown = try #require(details.details)
        #expect(shown.amount == "R$ 1.500,00")
        #expect(shown.when == "01/02/2024 08:15")
        #expect(shown.sender.document == "***.456.789-**")
        #expect(shown.recipient.document == "**.223.344/****-**")
        #expect(shown.recipient.agency == "1234-7")
        #expect(shown.recipient.bank == "Banco XYZ (001)")

        area.back()
        #expect(area.route == .statement)
        #expect(area.entryDetails == nil)
        area.back()
        #expect(area.route == .dashboard)
        #expect(area.statement == nil)
        area.back()
        #expect(area.route == .dashboard, "back on the dashboard stays there")
    }

    @Test("Each destination carries its model: pushed with it, and a popped screen's model is freed with it")
    func destinationsCarryTheirModels() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        guard case .dashboard(let dashboard) = area.destination else {
            Issue.record("the area opens on the dashboard, not \(area.route)")
            return
        }
        #expect(dashboard === area.dashboard)

        weak var profile: ProfileViewModel?
        area.showProfile()
        do {
            guard case .profile(let shown) = area.destination else {
                Issue.record("showProfile puts the profile on screen, not \(area.route)")
                return
            }
            profile = shown
        }
        #expect(area.stack.map(\.route) == [.dashboard, .profile])

        area.back()
        #expect(area.stack.map(\.route) == [.dashboard])
        #expect(profile == nil, "the popped profile's model goes with its destination")
    }

    @Test("Saving the profile updates the user everywhere; the server's per-field errors are shown")
    func profileSave() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (main, area) = try await signedIn(graph)
        area.showProfile()
        let profile = try #require(area.profile)

        profile.name = "Maria S. Silva"
        await profile.save()
        #expect(profile.saved)
        #expect(main.dashboard?.user.name == "Maria S. Silva")
        #expect(graph.authSession.user?.name == "Maria S. Silva")
        #expect(await graph.harness.storedSession()?.cachedUser?.profile.name == "Maria S. Silva")

        await graph.harness.server.set(user: .fail(.rejected(status: 409, code: .alreadyRegistered)))
        profile.email = "joao@example.com"
        await profile.save()
        #expect(profile.failure == .alreadyRegistered)
        #expect(!profile.saved)

        await graph.harness.server.set(
            user: .fail(.rejected(status: 400, code: .validationFailed, fields: ["email": "taken"])))
        await profile.save()
        #expect(profile.serverFieldErrors == ["email": "taken"])
    }

    @Test("Deleting the account asks for confirmation, then ends the session")
    func deleteWithConfirmation() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (main, area) = try await signedIn(graph)
        area.showProfile()
        let profile = try #require(area.profile)

        await profile.confirmDelete()
        #expect(graph.authSession.state == .authenticated(.maria), "no delete without the confirmation step")
        profile.requestDelete()
        #expect(profile.isConfirmingDelete)
        profile.cancelDelete()
        #expect(!profile.isConfirmingDelete)

        profile.requestDelete()
        await profile.confirmDelete()

        #expect(graph.authSession.state == .unauthenticated(.accountDeleted))
        #expect(main.screen == .onboarding)
        #expect(main.signedInArea == nil)
        #expect(await graph.harness.storedSession() == nil)
    }

    @Test("Related users through the session: a network error is shown with retry and does not end the session")
    func relatedUsers() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await graph.harness.server.set(user: .fail(.timeout))

        await area.showRelatedUsers()
        let related = try #require(area.relatedUsers)
        #expect(related.failure == .timedOut)
        #expect(graph.authSession.state == .authenticated(.maria), "a network error does not end the session")

        await graph.harness.server.set(user: .answer(.maria))
        await related.retry()
        #expect(related.failure == nil)
        #expect(related.users == [])
        #expect(!related.showsPlaceholder)
    }

    @Test("A refused token the refresh cannot cure ends the session from the statement too")
    func sessionEndsFromStatement() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (main, area) = try await signedIn(graph)
        await graph.harness.server.revokeAll()

        await area.showStatement()

        #expect(area.statement?.failure == .sessionEnded)
        #expect(main.screen == .onboarding)
        #expect(graph.authSession.state == .unauthenticated(.tokenInvalid))
    }
}
