public import Foundation
public import Observation
public import Ports

/// The Cora statement (`GET /challenge/list`): a placeholder while the first
/// load is in flight; sections by day, newest first; pull-to-refresh keeps
/// the list on screen until the new one arrives; an error with retry; never
/// two loads at once.
@MainActor
@Observable
public final class StatementListViewModel {
    /// One entry of the list, formatted for the screen in the list's locale.
    public struct Row: Sendable, Hashable {
        /// The entry's id, which opens its details.
        public let id: String
        /// The entry's description, as the backend sent it.
        public let description: String
        /// The entry's label (its kind), as the backend sent it.
        public let label: String
        /// The other party's name.
        public let counterparty: String
        /// The amount as money in the locale, signed by its direction
        /// (`MoneyFormatter`).
        public let amount: String
        /// The time of day of the entry in the list's time zone (`DateText.time`).
        public let time: String
        /// The entry's status, as the backend sent it.
        public let status: String
        /// Whether money came in or went out.
        public let entry: EntryDirection
    }

    /// One day of the statement.
    public struct Section: Sendable, Hashable {
        /// The backend's `YYYY-MM-DD`.
        public let date: String
        /// The day as the locale writes it.
        public let day: String
        /// The day's entries, newest first.
        public let rows: [Row]
    }

    /// Nil until a load has arrived.
    public private(set) var sections: [Section]?
    /// A load or a refresh is in flight.
    public private(set) var isLoading = false
    /// Why the last load failed, shown with a retry; nil once a load starts.
    public private(set) var failure: SignedInFailure?
    /// The locale amounts and days are formatted in.
    public let locale: AppLocale
    /// The time zone the times are shown in (the person's).
    public let timeZone: TimeZone

    @ObservationIgnored private let service: any StatementReading
    @ObservationIgnored private weak var navigator: (any SignedInNavigator)?

    /// A list with nothing loaded yet: `load()` asks.
    ///
    /// - Parameters:
    ///   - service: fetches the statement through the token manager.
    ///   - locale: the locale amounts and days are formatted in.
    ///   - navigator: opens a row's details; held weakly.
    ///   - timeZone: the time zone the times are shown in; UTC by default.
    public init(
        service: any StatementReading, locale: AppLocale, navigator: any SignedInNavigator,
        timeZone: TimeZone = .gmt
    ) {
        self.service = service
        self.locale = locale
        self.timeZone = timeZone
        self.navigator = navigator
    }

    /// The placeholder: nothing yet to show and no failure to say — from the
    /// moment the screen is pushed, before its first load even starts, so it
    /// never shows an empty list first.
    public var showsPlaceholder: Bool { sections == nil && (isLoading || failure == nil) }
    /// Refreshing with the old list still on screen.
    public var isRefreshing: Bool { sections != nil && isLoading }
    /// Refresh is offered once the first load has answered (with the list or
    /// a failure) and while nothing is in flight: before that, the load the
    /// screen starts is on its way.
    public var isRefreshEnabled: Bool { !isLoading && (sections != nil || failure != nil) }
    /// Every row, in the order shown (what `open N` counts).
    public var rows: [Row] { (sections ?? []).flatMap(\.rows) }

    /// Loads the statement. A call while one is in flight does nothing: the
    /// one in flight will answer for both.
    public func load() async {
        guard !isLoading else { return }
        isLoading = true
        failure = nil
        do {
            sections = Self.sections(of: try await service.statement(), locale: locale, timeZone: timeZone)
        } catch {
            failure = error
        }
        isLoading = false
    }

    /// Pull to refresh: the old list stays until the new one arrives.
    public func refresh() async { await load() }
    /// Loads again after a failure (the same as `load()`).
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
    static func sections(of statement: Statement, locale: AppLocale, timeZone: TimeZone = .gmt) -> [Section] {
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
                        time: DateText.time(item.dateEvent, in: timeZone), status: item.status, entry: item.entry)
                })
        }
    }
}
