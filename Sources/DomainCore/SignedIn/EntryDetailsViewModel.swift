public import Foundation
public import Observation
public import Ports

/// One entry in full (`GET /challenge/details/:id`): a placeholder, then
/// amount, date, status, sender and recipient with the document masked by
/// its type; an error with retry.
@MainActor
@Observable
public final class EntryDetailsViewModel {
    /// One side of the transfer, ready to show.
    public struct Party: Sendable, Hashable {
        /// The party's name, as the backend sent it.
        public let name: String
        /// `Banco XYZ (001)`
        public let bank: String
        /// `1234-7`
        public let agency: String
        /// `987654-9`
        public let account: String
        /// Whether the party's document is a CPF or a CNPJ.
        public let documentType: DocumentType
        /// The document masked by its type (`DocumentMask`): never shown whole.
        public let document: String
    }

    /// The entry formatted for the screen in the view model's locale.
    public struct Details: Sendable, Hashable {
        /// The entry's description, as the backend sent it.
        public let description: String
        /// The entry's label (its kind, such as a transfer), as the backend sent it.
        public let label: String
        /// The amount as money in the locale (`MoneyFormatter`).
        public let amount: String
        /// The other party's name.
        public let counterparty: String
        /// The day and time of the entry in the locale (`DateText`).
        public let when: String
        /// The entry's status, as the backend sent it.
        public let status: String
        /// Who sent the money.
        public let sender: Party
        /// Who received it.
        public let recipient: Party
    }

    /// The statement entry this screen shows.
    public let id: String
    /// The entry once loaded; nil before the first load succeeds. A failed
    /// reload keeps the details already shown.
    public private(set) var details: Details?
    /// A load is in flight.
    public private(set) var isLoading = false
    /// Why the last load failed, shown with a retry; nil once a load starts.
    public private(set) var failure: SignedInFailure?
    /// The locale the amount and date are formatted in.
    public let locale: AppLocale
    /// The time zone the date is shown in (the person's).
    public let timeZone: TimeZone
    @ObservationIgnored private let service: any EntryDetailsReading

    /// A screen for entry `id`, with nothing loaded yet: `load()` asks.
    ///
    /// - Parameters:
    ///   - id: the statement entry to show.
    ///   - service: fetches the entry through the token manager.
    ///   - locale: the locale the amount and date are formatted in.
    ///   - timeZone: the time zone the date is shown in; UTC by default.
    public init(id: String, service: any EntryDetailsReading, locale: AppLocale, timeZone: TimeZone = .gmt) {
        self.id = id
        self.service = service
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The placeholder shows while nothing is shown yet and no failure is to
    /// be said: from the moment the screen is pushed, before its first load starts.
    public var showsPlaceholder: Bool { details == nil && (isLoading || failure == nil) }

    /// Fetches the entry: on success `details` is set, on failure `failure`.
    /// Ignored while a load is already in flight.
    public func load() async {
        guard !isLoading else { return }
        isLoading = true
        failure = nil
        do {
            details = Self.details(of: try await service.details(id: id), locale: locale, timeZone: timeZone)
        } catch {
            failure = error
        }
        isLoading = false
    }

    /// Loads again after a failure (the same as `load()`).
    public func retry() async { await load() }

    static func details(of entry: StatementEntryDetails, locale: AppLocale, timeZone: TimeZone = .gmt) -> Details {
        Details(
            description: entry.description, label: entry.label,
            amount: MoneyFormatter.format(cents: entry.amount, locale: locale), counterparty: entry.counterPartyName,
            when: DateText.dayAndTime(entry.dateEvent, locale: locale, in: timeZone), status: entry.status,
            sender: party(entry.sender), recipient: party(entry.recipient))
    }

    private static func party(_ party: StatementParty) -> Party {
        Party(
            name: party.name, bank: "\(party.bankName) (\(party.bankNumber))",
            agency: "\(party.agencyNumber)-\(party.agencyNumberDigit)",
            account: "\(party.accountNumber)-\(party.accountNumberDigit)", documentType: party.documentType,
            document: DocumentMask.mask(party.documentNumber, type: party.documentType))
    }
}
