import Ports

extension InMemoryBackend {
    /// Rewrites every text the backend serves about the account with `cpf`
    /// (11 digits): its name and, in each entry of its statement, the
    /// description, label, counterparty and status, and each party's name,
    /// bank, numbers and document — in the list and in the details alike.
    /// Ids, amounts, dates and directions stay, so entries still agree with
    /// their details. The contract has no route that writes a statement: this
    /// is how a test makes the server send what a hostile or broken backend
    /// might (control characters, bidi overrides), to see what the app shows.
    /// `reset()` brings the seeded texts back. Throws `NOT_FOUND` when there is
    /// no such account.
    public func rewriteServedTexts(ofCPF cpf: String, _ rewrite: @Sendable (String) -> String) throws(BackendRejection)
    {
        guard let id = accountID(matching: .cpf(cpf)), var account = accounts[id] else { throw .notFound }
        account.name = rewrite(account.name)
        account.statement = account.statement.map { entry in
            var item = entry.item
            item.description = rewrite(item.description)
            item.label = rewrite(item.label)
            item.name = rewrite(item.name)
            item.status = rewrite(item.status)
            var details = entry.details
            details.description = rewrite(details.description)
            details.label = rewrite(details.label)
            details.counterPartyName = rewrite(details.counterPartyName)
            details.status = rewrite(details.status)
            details.sender = Self.rewriting(details.sender, rewrite)
            details.recipient = Self.rewriting(details.recipient, rewrite)
            return BackendStatementEntry(day: entry.day, item: item, details: details)
        }
        accounts[id] = account
    }

    private static func rewriting(_ party: StatementParty, _ rewrite: (String) -> String) -> StatementParty {
        var party = party
        party.name = rewrite(party.name)
        party.bankName = rewrite(party.bankName)
        party.bankNumber = rewrite(party.bankNumber)
        party.agencyNumber = rewrite(party.agencyNumber)
        party.agencyNumberDigit = rewrite(party.agencyNumberDigit)
        party.accountNumber = rewrite(party.accountNumber)
        party.accountNumberDigit = rewrite(party.accountNumberDigit)
        party.documentNumber = rewrite(party.documentNumber)
        return party
    }
}
