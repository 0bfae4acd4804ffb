public import Observation
public import Ports

/// One entry in full (`GET /challenge/details/:id`): a placeholder, then
/// amount, date, status, sender and recipient with the document masked by
/// its type; an error with retry.
@MainActor
@Observable
public final class EntryDetailsViewModel {
    public struct Party: Sendable, Hashable {
        public let name: String
        /// `Banco XYZ (001)`
        public let bank: String
        /// `1234-7`
        public let agency: String
        /// `987654-9`
        public let account: String
        public let documentType: DocumentType
        public let document: String
    }

    public struct Details: Sendable, Hashable {
        public let description: String
        public let label: String
        public let amount: String
        public let counterparty: String
        public let when: String
        public let status: String
        public let sender: Party
        public let recipient: Party
    }

    public let id: String
    public private(set) var details: Details?
    public private(set) var isLoading = false
    public private(set) var failure: SignedInFailure?
    public let locale: AppLocale
    @ObservationIgnored private let service: any EntryDetailsReading

    public init(id: String, service: any EntryDetailsReading, locale: AppLocale) {
        self.id = id
        self.service = service
        self.locale = locale
    }

    public var showsPlaceholder: Bool { details == nil && isLoading }

    public func load() async {
        guard !isLoading else { return }
        isLoading = true
        failure = nil
        do {
            details = Self.details(of: try await service.details(id: id), locale: locale)
        } catch {
            failure = error
        }
        isLoading = false
    }

    public func retry() async { await load() }

    static func details(of entry: StatementEntryDetails, locale: AppLocale) -> Details {
        Details(
            description: entry.description, label: entry.label,
            amount: MoneyFormatter.format(cents: entry.amount, locale: locale), counterparty: entry.counterPartyName,
            when: DateText.dayAndTime(entry.dateEvent, locale: locale), status: entry.status,
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
