public import Foundation

/// The kind of a party's document, which decides how it is masked.
public enum DocumentType: String, Sendable, Hashable, CaseIterable {
    /// A person's CPF (eleven digits).
    case cpf = "CPF"
    /// A company's CNPJ (fourteen digits).
    case cnpj = "CNPJ"
}

/// Sender or recipient of a transfer, as `GET /challenge/details/:id` gives it.
public struct StatementParty: Sendable, Hashable {
    /// The party's name.
    public var name: String
    /// The name of the party's bank.
    public var bankName: String
    /// The bank's number (`"001"`).
    public var bankNumber: String
    /// The branch (agência) number, without its check digit.
    public var agencyNumber: String
    /// The branch number's check digit.
    public var agencyNumberDigit: String
    /// The account number, without its check digit.
    public var accountNumber: String
    /// The account number's check digit.
    public var accountNumberDigit: String
    /// The party's document number: a CPF or a CNPJ.
    public var documentNumber: String
    /// Whether `documentNumber` is a CPF or a CNPJ.
    public var documentType: DocumentType

    /// A party with these fields.
    public init(
        name: String, bankName: String, bankNumber: String, agencyNumber: String,
        agencyNumberDigit: String, accountNumber: String, accountNumberDigit: String,
        documentNumber: String, documentType: DocumentType
    ) {
        self.name = name
        self.bankName = bankName
        self.bankNumber = bankNumber
        self.agencyNumber = agencyNumber
        self.agencyNumberDigit = agencyNumberDigit
        self.accountNumber = accountNumber
        self.accountNumberDigit = accountNumberDigit
        self.documentNumber = documentNumber
        self.documentType = documentType
    }
}

/// One entry in full (`GET /challenge/details/:id`).
public struct StatementEntryDetails: Sendable, Hashable {
    /// The entry's id, as the statement lists it.
    public var id: String
    /// What the entry was for, as the backend words it.
    public var description: String
    /// A short caption for the entry, as the backend words it.
    public var label: String
    /// Integer cents, never negative.
    public var amount: Int
    /// The counterparty's name.
    public var counterPartyName: String
    /// When the entry happened.
    public var dateEvent: Date
    /// The entry's state as the backend sends it (`COMPLETED`, …).
    public var status: String
    /// Who sent the money.
    public var sender: StatementParty
    /// Who received the money.
    public var recipient: StatementParty

    /// Details with these fields.
    public init(
        id: String, description: String, label: String, amount: Int, counterPartyName: String,
        dateEvent: Date, status: String, sender: StatementParty, recipient: StatementParty
    ) {
        self.id = id
        self.description = description
        self.label = label
        self.amount = amount
        self.counterPartyName = counterPartyName
        self.dateEvent = dateEvent
        self.status = status
        self.sender = sender
        self.recipient = recipient
    }
}
