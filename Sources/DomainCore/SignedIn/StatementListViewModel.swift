public import Observation
public import Ports

/// The Cora statement (`GET /challenge/list`): a placeholder while the first
/// load is in flight; sections by day, newest first; pull-to-refresh keeps
/// the list on screen until the new one arrives; an error with retry; never
/// two loads at once.
@MainActor
@Observable
public final class StatementListViewModel {
    public struct Row: Sendable, Hashable {
        public let id: String
        public let description: String
        public let label: String
        public let counterparty: String
        public let amount: String
        public let time: String
        public let status: String
        public let entry: EntryDirection
    }

    public struct Section: Sendable, Hashable {
        /// The backend's `YYYY-MM-DD`.
        public let date: String
        /// The day as the locale writes it.
        public let day: String
        public let rows: [Row]
    }

    /// Nil until a load has arrived.
    public private(set) var sections: [Section]?
    /// A load or a refresh is in flight.
    public private(set) var isLoading = false
    public private(set) var failure: SignedInFailure?
    public let locale: AppLocale

    @ObservationIgnored private let service: any StatementReading
    @ObservationIgnored private weak var navigator: (any SignedInNavigator)?

    public init(service: any StatementReading, locale: AppLocale, navigator: any SignedInNavigator) {
        self.service = service
        self.locale = locale
        self.navigator = navigator
    }

    /// The placeholder: loading with nothing yet to show.
    public var showsPlaceholder: Bool { sections == nil && isLoading }
    /// Refreshing with the old list still on screen.
    public var isRefreshing: Bool { sections != nil && isLoading }
    /// Every row, in the order shown (what `open N` counts).
    public var rows: [Row] { (sections ?? []).flatMap(\.rows) }

    /// Loads the statement. A call while one is in flight does nothing: the
    /// one in flight will answer for both.
    public func load() async {
        guard !isLoading else { return }
        isLoading = true
        failure = nil
        do {
            sections = Self.sections(of: try await service.statement(), locale: locale)
        } catch {
            failure = error
        }
        isLoading = false
    }

    /// Pull to refresh: the old list stays until the new one arrives.
    public func refresh() async { await load() }
    public func retry() async { await load() }

    /// Opens the Nth row (1-based); false when there is none.
    @discardableResult
    public func open(_ number: Int) async -> Bool {
        let rows = self.rows
        guard rows.indices.contains(number - 1) else { return false }
        await navigator?.showEntryDetails(id: rows[number - 1].id)
        return true
    }

    /// Groups by the `date` field, newest day first, newest entry first within a day.
    static func sections(of statement: Statement, locale: AppLocale) -> [Section] {
        var byDay: [String: [StatementItem]] = [:]
        for section in statement.sections { byDay[section.date, default: []] += section.items }
        return byDay.keys.sorted(by: >).map { date in
            let items = (byDay[date] ?? []).sorted { ($0.dateEvent, $0.id) > ($1.dateEvent, $1.id) }
            return Section(
                date: date, day: DateText.day(date, locale: locale),
                rows: items.map { item in
                    Row(
                        id: item.id, description: item.description, label: item.label, counterparty: item.name,
                        amount: MoneyFormatter.format(cents: item.amount, direction: item.entry, locale: locale),
                        time: DateText.time(item.dateEvent), status: item.status, entry: item.entry)
                })
        }
    }
}
