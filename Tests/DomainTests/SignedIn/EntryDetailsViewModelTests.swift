import DomainCore
import Foundation
import Ports
import Testing

/// One entry in full on a fake of its seam: a placeholder while it loads,
/// the entry with each party's document masked by its type, failure and
/// retry, one load at a time.
@MainActor
@Suite("Entry details screen")
struct EntryDetailsViewModelTests {
    private static let debitID = "abc123def456ghi789"

    /// The Cora sample entry: Maria (a CPF) paid a company (a CNPJ).
    private static let debit = StatementEntryDetails(
        id: debitID, description: "Compra de produtos eletrônicos", label: "Compra aprovada", amount: 150_000,
        counterPartyName: "Empresa ABC LTDA", dateEvent: Date(timeIntervalSince1970: 1_706_775_317),
        status: "COMPLETED",
        sender: StatementParty(
            name: "Maria Silva", bankName: "Banco XYZ", bankNumber: "001", agencyNumber: "1234", agencyNumberDigit: "7",
            accountNumber: "987654", accountNumberDigit: "9", documentNumber: "12345678909", documentType: .cpf),
        recipient: StatementParty(
            name: "Empresa ABC LTDA", bankName: "Banco ABC", bankNumber: "237", agencyNumber: "4321",
            agencyNumberDigit: "0", accountNumber: "123456", accountNumberDigit: "1", documentNumber: "11223344000155",
            documentType: .cnpj))

    private func detailsScreen(
        _ outcome: Result<StatementEntryDetails, SignedInFailure>? = .success(debit)
    ) -> (EntryDetailsViewModel, FakeEntryDetailsReading) {
        let reader = FakeEntryDetailsReading(outcome: outcome)
        return (EntryDetailsViewModel(id: Self.debitID, service: reader, locale: .ptBR), reader)
    }

    @Test("A placeholder while the entry is in flight, then the entry; the entry asked for is the screen's")
    func placeholderThenEntry() async {
        let (details, reader) = detailsScreen()
        reader.gate.hold()

        let loading = Task { await details.load() }
        await reader.gate.waitUntilACallIsHeld()

        #expect(details.showsPlaceholder)
        #expect(details.details == nil)
        reader.gate.release()
        await loading.value
        #expect(!details.showsPlaceholder)
        #expect(details.details != nil)
        #expect(reader.requestedIDs == [Self.debitID])
    }

    @Test("The entry shows amount, date and time, status and both parties, each document masked by its type")
    func entryIsFormattedWithDocumentsMasked() async throws {
        let (details, _) = detailsScreen()

        await details.load()

        let shown = try #require(details.details)
        #expect(shown.description == "Compra de produtos eletrônicos")
        #expect(shown.label == "Compra aprovada")
        #expect(shown.amount == "R$ 1.500,00")
        #expect(shown.counterparty == "Empresa ABC LTDA")
        #expect(shown.when == "01/02/2024 08:15")
        #expect(shown.status == "COMPLETED")
        #expect(shown.sender.name == "Maria Silva")
        #expect(shown.sender.documentType == .cpf)
        #expect(shown.sender.document == "***.456.789-**")
        #expect(shown.sender.bank == "Banco XYZ (001)")
        #expect(shown.recipient.documentType == .cnpj)
        #expect(shown.recipient.document == "**.223.344/****-**")
        #expect(shown.recipient.bank == "Banco ABC (237)")
        #expect(shown.recipient.agency == "4321-0")
        #expect(shown.recipient.account == "123456-1")
    }

    @Test("A load that fails shows the failure and no placeholder; retry loads the entry")
    func failureThenRetry() async {
        let (details, reader) = detailsScreen(.failure(.notFound))

        await details.load()

        #expect(details.failure == .notFound)
        #expect(!details.showsPlaceholder)
        #expect(details.details == nil)

        reader.outcome = .success(Self.debit)
        reader.gate.hold()
        let retrying = Task { await details.retry() }
        await reader.gate.waitUntilACallIsHeld()
        #expect(details.failure == nil, "the failure goes as the retry starts")
        #expect(details.showsPlaceholder)
        reader.gate.release()
        await retrying.value

        #expect(details.failure == nil)
        #expect(details.details?.amount == "R$ 1.500,00")
        #expect(reader.requestedIDs == [Self.debitID, Self.debitID])
    }

    @Test("No second load while one is in flight")
    func neverTwoLoadsAtOnce() async {
        let (details, reader) = detailsScreen()
        reader.gate.hold()
        let loading = Task { await details.load() }
        await reader.gate.waitUntilACallIsHeld()

        await details.load()
        await details.retry()

        #expect(reader.requestedIDs.count == 1)
        reader.gate.release()
        await loading.value
        #expect(reader.requestedIDs.count == 1)
    }
}
