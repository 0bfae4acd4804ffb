public import Foundation

/// The kind of a party's document, which decides how it is masked.
public enum DocumentType: String, Sendable, Hashable, CaseIterable {
    case cpf = "CPF"
    case cnpj = "CNPJ"
}

/// Sender or recipient of a transfer, as `GET /challenge/details/:id` gives it.
public struct StatementParty: Sendable, Hashable {
    public var name: String
    public var bankName: String
    public var bankNumber: String
    public var agencyNumber: String
    public var agencyNumberDigit: String
    public var accountNumber: String
    public var accountNumberDigit: String
    public var documentNumber: String
    public var documentType: DocumentType

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
    public var id: String
    public var description: String
    public var label: String
    /// Integer cents, never negative.
    public var amount: Int
    public var counterPartyName: String
    public var dateEvent: Date
    public var status: String
    public var sender: StatementParty
    public var recipient: StatementParty

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
