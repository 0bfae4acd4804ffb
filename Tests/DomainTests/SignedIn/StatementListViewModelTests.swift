import DomainCore
import Foundation
import Ports
import Testing

/// The statement list on fakes of its seams: a placeholder on the first load,
/// sections by day newest first, a refresh that keeps the old list, failure
/// and retry, one load at a time, and which entry `open` asks for.
@MainActor
@Suite("Statement list screen")
struct StatementListViewModelTests {
    /// The list and the fakes it was built on; the navigator is kept here
    /// because the model holds it weakly.
    private struct Screen {
        let list: StatementListViewModel
        let reader: FakeStatementReading
        let navigator: FakeSignedInNavigator
    }

    private func statementScreen(_ outcome: Result<Statement, SignedInFailure>? = .success(.sample)) -> Screen {
        let reader = FakeStatementReading(outcome: outcome)
        let navigator = FakeSignedInNavigator()
        let list = StatementListViewModel(service: reader, locale: .ptBR, navigator: navigator)
        return Screen(list: list, reader: reader, navigator: navigator)
    }

    /// A screen whose first load has arrived.
    private func loadedScreen() async -> Screen {
        let screen = statementScreen()
        await screen.list.load()
        return screen
    }

    /// The sample without its newest day.
    private static let olderDayOnly: Statement = {
        var statement = Statement.sample
        statement.sections.removeAll { $0.date == "2024-02-05" }
        statement.itemsTotal = 2
        return statement
    }()

    @Test("The first load shows a placeholder while it is in flight, and nothing else")
    func placeholderWhileFirstLoadIsInFlight() async {
        let screen = statementScreen()
        screen.reader.gate.hold()

        let loading = Task { await screen.list.load() }
        await screen.reader.gate.waitUntilACallIsHeld()

        #expect(screen.list.showsPlaceholder)
        #expect(!screen.list.isRefreshing)
        #expect(screen.list.sections == nil)
        #expect(screen.list.rows.isEmpty)
        screen.reader.gate.release()
        await loading.value
        #expect(!screen.list.showsPlaceholder)
        #expect(!screen.list.isLoading)
    }

    @Test("Rows say their time in the time zone the list was given (the person's)")
    func rowTimesInTheGivenZone() async throws {
        let reader = FakeStatementReading(outcome: .success(.sample))
        let navigator = FakeSignedInNavigator()
        let list = StatementListViewModel(
            service: reader, locale: .ptBR, navigator: navigator,
            timeZone: try #require(TimeZone(identifier: "America/Sao_Paulo")))
        await list.load()
        let debit = try #require(list.rows.first { $0.id == "abc123def456ghi789" })
        #expect(debit.time == "05:15")
    }

    @Test("A list just pushed shows its placeholder before its first load even starts: never an empty list")
    func placeholderBeforeTheFirstLoad() {
        let screen = statementScreen()
        #expect(screen.list.showsPlaceholder)
        #expect(!screen.list.isLoading)
        #expect(screen.list.sections == nil)
    }

    @Test("Sections are days, newest first; within a day the newest entry comes first")
    func sectionsByDayNewestFirst() async {
        let screen = await loadedScreen()

        #expect(screen.list.sections?.map(\.date) == ["2024-02-05", "2024-02-01"])
        #expect(screen.list.sections?.map(\.day) == ["05/02/2024", "01/02/2024"])
        #expect(screen.list.sections?.last?.rows.map(\.id) == ["later-same-day", "abc123def456ghi789"])
        #expect(
            screen.list.rows.map(\.id) == [
                "abcdef12-3456-7890-abcd-ef1234567890", "later-same-day", "abc123def456ghi789",
            ])
    }

    @Test("Entries of one day sent in two sections are shown in one")
    func sameDayInTwoSectionsIsOneSection() async {
        var split = Statement.sample
        let olderDay = split.sections[0]
        split.sections[0].items = [olderDay.items[0]]
        split.sections.append(StatementSection(date: olderDay.date, items: [olderDay.items[1]]))
        let screen = statementScreen(.success(split))

        await screen.list.load()

        #expect(screen.list.sections?.map(\.date) == ["2024-02-05", "2024-02-01"])
        #expect(screen.list.sections?.last?.rows.map(\.id) == ["later-same-day", "abc123def456ghi789"])
    }

    @Test("A row shows the amount signed by direction, the time, the counterparty and the status")
    func rowIsFormattedForTheLocale() async throws {
        let screen = await loadedScreen()

        let debit = try #require(screen.list.rows.first { $0.id == "abc123def456ghi789" })
        #expect(debit.amount == "-R$ 1.500,00")
        #expect(debit.time == "08:15")
        #expect(debit.counterparty == "João da Silva")
        #expect(debit.description == "Compra de produtos eletrônicos")
        #expect(debit.label == "Compra aprovada")
        #expect(debit.status == "COMPLETED")
        #expect(debit.entry == .debit)
        let credit = try #require(screen.list.rows.first { $0.id == "later-same-day" })
        #expect(credit.amount == "+R$ 25,50")
    }

    @Test("Pull to refresh keeps the old list on screen until the new one arrives")
    func refreshKeepsOldListUntilTheNewArrives() async {
        let screen = await loadedScreen()
        let before = screen.list.sections
        screen.reader.outcome = .success(Self.olderDayOnly)
        screen.reader.gate.hold()

        let refreshing = Task { await screen.list.refresh() }
        await screen.reader.gate.waitUntilACallIsHeld()

        #expect(screen.list.isRefreshing)
        #expect(!screen.list.showsPlaceholder)
        #expect(screen.list.sections == before)
        screen.reader.gate.release()
        await refreshing.value
        #expect(!screen.list.isRefreshing)
        #expect(screen.list.sections?.map(\.date) == ["2024-02-01"])
    }

    @Test("A first load that fails shows the failure and no placeholder; retry loads the list")
    func failedFirstLoadThenRetry() async {
        let screen = statementScreen(.failure(.server))

        await screen.list.load()

        #expect(screen.list.failure == .server)
        #expect(!screen.list.showsPlaceholder)
        #expect(screen.list.sections == nil)

        screen.reader.outcome = .success(.sample)
        screen.reader.gate.hold()
        let retrying = Task { await screen.list.retry() }
        await screen.reader.gate.waitUntilACallIsHeld()
        #expect(screen.list.failure == nil, "the failure goes as the retry starts")
        #expect(screen.list.showsPlaceholder)
        screen.reader.gate.release()
        await retrying.value

        #expect(screen.list.failure == nil)
        #expect(screen.list.rows.count == 3)
        #expect(screen.reader.calls == 2)
    }

    @Test("A refresh that fails keeps the old list and shows the failure; retry clears it")
    func failedRefreshKeepsListThenRetry() async {
        let screen = await loadedScreen()
        let before = screen.list.sections
        screen.reader.outcome = .failure(.network)

        await screen.list.refresh()

        #expect(screen.list.failure == .network)
        #expect(screen.list.sections == before)

        screen.reader.outcome = .success(.sample)
        await screen.list.retry()
        #expect(screen.list.failure == nil)
        #expect(screen.list.sections == before)
    }

    @Test("No second load while one is in flight: the one in flight answers for all")
    func neverTwoLoadsAtOnce() async {
        let screen = statementScreen()
        screen.reader.gate.hold()
        let loading = Task { await screen.list.load() }
        await screen.reader.gate.waitUntilACallIsHeld()

        await screen.list.refresh()
        await screen.list.retry()
        await screen.list.load()

        #expect(screen.reader.calls == 1)
        screen.reader.gate.release()
        await loading.value
        #expect(screen.reader.calls == 1)
        #expect(screen.list.rows.count == 3)
    }

    @Test(
        "Opening the Nth row, counted as shown, asks the navigator for that entry",
        arguments: [
            (1, "abcdef12-3456-7890-abcd-ef1234567890"), (2, "later-same-day"), (3, "abc123def456ghi789"),
        ])
    func openAsksForTheRowsEntry(number: Int, id: String) async {
        let screen = await loadedScreen()

        #expect(await screen.list.open(number))

        #expect(screen.navigator.openedEntryIDs == [id])
    }

    @Test("Opening a row beyond the list, or before anything has loaded, does nothing", arguments: [0, -1, 4])
    func openOutOfRangeDoesNothing(number: Int) async {
        let empty = statementScreen()
        #expect(await empty.list.open(1) == false)

        let screen = await loadedScreen()
        #expect(await screen.list.open(number) == false)

        #expect(empty.navigator.openedEntryIDs.isEmpty)
        #expect(screen.navigator.openedEntryIDs.isEmpty)
    }
}
