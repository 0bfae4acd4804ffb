public import Foundation

/// Money direction of a statement entry: a DEBIT leaves the account, a CREDIT enters it.
public enum EntryDirection: String, Sendable, Hashable, CaseIterable {
    case debit = "DEBIT"
    case credit = "CREDIT"
}

/// One line of the statement (`GET /challenge/list`, an element of `items`).
public struct StatementItem: Sendable, Hashable {
    public var id: String
    public var description: String
    public var label: String
    public var entry: EntryDirection
    /// Integer cents, never negative; the sign comes from `entry`.
    public var amount: Int
    /// The counterparty's name.
    public var name: String
    public var dateEvent: Date
    public var status: String

    public init(
        id: String, description: String, label: String, entry: EntryDirection,
        amount: Int, name: String, dateEvent: Date, status: String
    ) {
        self.id = id
        self.description = description
        self.label = label
        self.entry = entry
        self.amount = amount
        self.name = name
        self.dateEvent = dateEvent
        self.status = status
    }
}

/// The items of one day, as the backend groups them (`date` is `YYYY-MM-DD`).
public struct StatementSection: Sendable, Hashable {
    public var date: String
    public var items: [StatementItem]

    public init(date: String, items: [StatementItem]) {
        self.date = date
        self.items = items
    }
}

/// The whole statement (`GET /challenge/list`).
public struct Statement: Sendable, Hashable {
    public var sections: [StatementSection]
    public var itemsTotal: Int

    public init(sections: [StatementSection], itemsTotal: Int) {
        self.sections = sections
        self.itemsTotal = itemsTotal
    }
}
