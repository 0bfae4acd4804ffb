import AdapterInMemory
import DomainCore
import Ports
import Testing

/// The signed-in area's view models and coordinator, on doubles with gates.
@MainActor
@Suite("Signed-in area view models")
struct SignedInViewModelTests {
    /// Maria signed in through the root; returns her signed-in area.
    private func signedIn(_ graph: TestViewModelGraph) async throws -> (MainViewModel, SignedInCoordinator) {
        let main = graph.makeMainViewModel()
        await graph.authSession.bootstrap()
        _ = await graph.authSession.login(.maria)
        let area = try #require(main.signedInArea)
        return (main, area)
    }

    @Test("The statement shows a placeholder while the list is in flight, then sections newest first")
    func placeholderThenContent() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await graph.harness.server.holdStatementCalls(1)

        let opening = graph.harness.scheduler.spawn { @MainActor in await area.showStatement() }
        await graph.harness.server.wait { $0.heldStatementCallCount == 1 }
        let list = try #require(area.statement)
        #expect(area.route == .statement)
        #expect(list.showsPlaceholder)
        #expect(list.sections == nil)

        await graph.harness.server.releaseStatementCalls()
        await opening.value

        #expect(!list.showsPlaceholder)
        #expect(list.sections?.map(\.date) == ["2024-02-05", "2024-02-01"])
        #expect(list.sections?.last?.rows.map(\.id) == ["later-same-day", "abc123def456ghi789"])
        #expect(list.sections?.last?.day == "01/02/2024")
        let debit = try #require(list.rows.first { $0.id == "abc123def456ghi789" })
        #expect(debit.amount == "-R$ 1.500,00")
        #expect(debit.time == "08:15 UTC")
        #expect(debit.counterparty == "João da Silva")
    }

    @Test("Pull to refresh keeps the old list on screen until the new one arrives")
    func refreshKeepsOldList() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await area.showStatement()
        let list = try #require(area.statement)
        let before = list.sections

        var fewer = Statement.sample
        fewer.sections.removeFirst()
        fewer.itemsTotal = 2
        await graph.harness.server.set(statement: .success(fewer))
        await graph.harness.server.holdStatementCalls(1)
        let refreshing = graph.harness.scheduler.spawn { @MainActor in await list.refresh() }
        await graph.harness.server.wait { $0.heldStatementCallCount == 1 }

        #expect(list.isRefreshing)
        #expect(!list.showsPlaceholder)
        #expect(list.sections == before)

        await graph.harness.server.releaseStatementCalls()
        await refreshing.value
        #expect(!list.isRefreshing)
        #expect(list.sections?.count == 1)
    }

    @Test("A refresh that fails keeps the old list and shows the error; retry loads again")
    func failedRefreshKeepsListAndRetries() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await area.showStatement()
        let list = try #require(area.statement)
        let before = list.sections

        await graph.harness.server.set(statement: .failure(.transport("connection reset")))
        await list.refresh()
        #expect(list.failure == .network)
        #expect(list.sections == before)

        await graph.harness.server.set(statement: .success(.sample))
        await list.retry()
        #expect(list.failure == nil)
        #expect(list.sections == before)
    }

    @Test("A first load that fails shows the error with retry, and no placeholder")
    func firstLoadFails() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await graph.harness.server.set(statement: .failure(.rejected(status: 500, code: nil)))

        await area.showStatement()

        let list = try #require(area.statement)
        #expect(list.failure == .server)
        #expect(!list.showsPlaceholder)
        #expect(list.sections == nil)
    }

    @Test("No second load while one is in flight: one request reaches the server")
    func singleLoadInFlight() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await graph.harness.server.holdStatementCalls(1)
        let opening = graph.harness.scheduler.spawn { @MainActor in await area.showStatement() }
        await graph.harness.server.wait { $0.heldStatementCallCount == 1 }
        let list = try #require(area.statement)

        await list.refresh()
        await list.refresh()
        await graph.harness.server.releaseStatementCalls()
        await opening.value

        #expect(await graph.harness.server.statementCallTokens.count == 1)
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
        #expect(shown.when == "01/02/2024 08:15 UTC")
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

    @Test("Opening an entry beyond the list does nothing")
    func openOutOfRange() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await area.showStatement()
        let list = try #require(area.statement)
        #expect(await list.open(4) == false)
        #expect(await list.open(0) == false)
        #expect(area.route == .statement)
    }

    @Test("The profile refuses a short name and a bad e-mail before asking the server")
    func profileValidation() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        area.showProfile()
        let profile = try #require(area.profile)
        #expect(!profile.isSaveEnabled, "nothing changed yet")
        let callsBefore = await graph.harness.server.userCallTokens.count

        profile.name = "M"
        profile.email = "maria@"
        await profile.save()

        #expect(profile.problems == [.name: .nameTooShort, .email: .invalidEmail])
        #expect(await graph.harness.server.userCallTokens.count == callsBefore)
        profile.name = "Maria S."
        #expect(profile.problems == [.email: .invalidEmail], "problems follow the typing once shown")
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

        await graph.harness.server.set(user: .fail(.rejected(status: 400, code: .validationFailed, fields: ["email": "taken"])))
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

    @Test("Related users: a placeholder, then the list; an error with retry")
    func relatedUsers() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let (_, area) = try await signedIn(graph)
        await graph.harness.server.set(user: .fail(.timeout))

        await area.showRelatedUsers()
        let related = try #require(area.relatedUsers)
        #expect(related.failure == .network)
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
