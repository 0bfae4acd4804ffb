public import Foundation

/// Money direction of a statement entry: a DEBIT leaves the account, a CREDIT enters it.
public enum EntryDirection: String, Sendable, Hashable, CaseIterable {
    /// Money leaves the account.
    case debit = "DEBIT"
    /// Money enters the account.
    case credit = "CREDIT"
}

/// One line of the statement (`GET /challenge/list`, an element of `items`).
public struct StatementItem: Sendable, Hashable {
    /// The entry's id, for `entryDetails`.
    public var id: String
    /// What the entry was for, as the backend words it.
    public var description: String
    /// A short caption for the entry, as the backend words it.
    public var label: String
    /// Whether the money left or entered the account.
    public var entry: EntryDirection
    /// Integer cents, never negative; the sign comes from `entry`.
    public var amount: Int
    /// The counterparty's name.
    public var name: String
    /// When the entry happened.
    public var dateEvent: Date
    /// The entry's state as the backend sends it (`COMPLETED`, …).
    public var status: String

    /// An item with these fields.
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
    /// The day, `YYYY-MM-DD`.
    public var date: String
    /// The day's items.
    public var items: [StatementItem]

    /// A section of these items for `date`.
    public init(date: String, items: [StatementItem]) {
        self.date = date
        self.items = items
    }
}

/// The whole statement (`GET /challenge/list`).
public struct Statement: Sendable, Hashable {
    /// The items, grouped by day.
    public var sections: [StatementSection]
    /// How many items the statement holds.
    public var itemsTotal: Int

    /// A statement of these sections.
    public init(sections: [StatementSection], itemsTotal: Int) {
        self.sections = sections
        self.itemsTotal = itemsTotal
    }
}
