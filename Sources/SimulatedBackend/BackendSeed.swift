import Foundation
import Ports

/// The seeded data of docs/spec/wire-contract.md, "Seeded data": three accounts
/// and, for each, a statement generated deterministically (no randomness) in
/// February 2024. Maria's statement holds the Cora seed's sample item and
/// sample details.
enum BackendSeed {
    static let mariaID = "5b1d7c2e-0c4f-4a51-9d0e-000000000001"
    static let joaoID = "5b1d7c2e-0c4f-4a51-9d0e-000000000002"
    static let carlaID = "5b1d7c2e-0c4f-4a51-9d0e-000000000003"

    /// The Cora seed's sample list item (`WireRoute.statementList`).
    static let sampleItemID = "abc123def456ghi789"
    /// The Cora seed's sample details (`WireRoute.statementDetails`).
    static let sampleDetailsID = "abcdef12-3456-7890-abcd-ef1234567890"

    static func accounts() -> [BackendAccount] {
        let maria = Person(
            name: "Maria Silva", document: "12345678909", documentType: .cpf,
            bank: Bank.cora, agencyNumber: "0001", agencyNumberDigit: "0",
            accountNumber: "7049382", accountNumberDigit: "5")
        let joao = Person(
            name: "João da Silva", document: "52998224725", documentType: .cpf,
            bank: Bank.bancoDoBrasil, agencyNumber: "2045", agencyNumberDigit: "3",
            accountNumber: "529982", accountNumberDigit: "4")
        let carla = Person(
            name: "Carla Souza", document: "76626692038", documentType: .cpf,
            bank: Bank.itau, agencyNumber: "0761", agencyNumberDigit: "2",
            accountNumber: "766266", accountNumberDigit: "9")
        let mariaStatement =
            [sampleEntry(owner: maria, counterparty: joao), sampleDetailsEntry()]
            + generatedStatement(
                owner: maria, tag: 1, days: [1, 2, 5, 6, 7, 9, 12, 13, 15, 16],
                reservedSlots: [(day: 1, slot: 0), (day: 5, slot: 0)], friend: joao)
        let joaoStatement = generatedStatement(
            owner: joao, tag: 2, days: [1, 3, 5, 8, 10, 14, 17, 20, 22, 26], reservedSlots: [], friend: maria)
        let carlaStatement = generatedStatement(
            owner: carla, tag: 3, days: [2, 4, 6, 9, 11, 13, 16, 19, 21, 23], reservedSlots: [], friend: nil)
        return [
            BackendAccount(
                id: mariaID, name: maria.name, email: "maria@example.com", cpf: maria.document,
                password: Password("123456"), state: .active, relatedIDs: [joaoID], statement: mariaStatement),
            BackendAccount(
                id: joaoID, name: joao.name, email: "joao.silva@example.com", cpf: joao.document,
                password: Password("654321"), state: .active, relatedIDs: [mariaID], statement: joaoStatement),
            BackendAccount(
                id: carlaID, name: carla.name, email: "carla.souza@example.com", cpf: carla.document,
                password: Password("111111"), state: .inactive, relatedIDs: [], statement: carlaStatement),
        ]
    }

    /// The statement of an account created by a registration (`WireRoute.register`).
    static func statementForNewAccount(name: String, cpf: String) -> [BackendStatementEntry] {
        let owner = Person(
            name: name, document: cpf, documentType: .cpf, bank: Bank.cora, agencyNumber: "0001",
            agencyNumberDigit: "0", accountNumber: String(cpf.prefix(6)), accountNumberDigit: String(cpf.suffix(1)))
        let tag = Int(cpf.suffix(4)) ?? 4
        return generatedStatement(
            owner: owner, tag: tag, days: [5, 7, 12, 14, 19, 21, 23, 26, 27, 28], reservedSlots: [], friend: nil)
    }

    // MARK: - The Cora seed's samples, verbatim

    private static func sampleEntry(owner: Person, counterparty: Person) -> BackendStatementEntry {
        let date = februaryDate(day: 1, hour: 8, minute: 15, second: 17)
        let item = StatementItem(
            id: sampleItemID, description: "Compra de produtos eletrônicos", label: "Compra aprovada",
            entry: .debit, amount: 150_000, name: "João da Silva", dateEvent: date, status: "COMPLETED")
        let details = StatementEntryDetails(
            id: item.id, description: item.description, label: item.label, amount: item.amount,
            counterPartyName: item.name, dateEvent: date, status: item.status,
            sender: owner.party, recipient: counterparty.party)
        return BackendStatementEntry(day: februaryDay(1), item: item, details: details)
    }

    private static func sampleDetailsEntry() -> BackendStatementEntry {
        let date = februaryDate(day: 5, hour: 14, minute: 30, second: 45)
        let recipient = StatementParty(
            name: "Empresa ABC LTDA", bankName: "Banco XYZ", bankNumber: "001", agencyNumber: "1234",
            agencyNumberDigit: "7", accountNumber: "987654", accountNumberDigit: "9",
            documentNumber: "11223344000155", documentType: .cnpj)
        let sender = StatementParty(
            name: "Empresa XYZ LTDA", bankName: "Banco ABC", bankNumber: "002", agencyNumber: "5678",
            agencyNumberDigit: "1", accountNumber: "543210", accountNumberDigit: "3",
            documentNumber: "99887766000112", documentType: .cnpj)
        let details = StatementEntryDetails(
            id: sampleDetailsID, description: "Pagamento por serviços prestados", label: "Pagamento recebido",
            amount: 150_000, counterPartyName: "Empresa ABC LTDA", dateEvent: date, status: "COMPLETED",
            sender: sender, recipient: recipient)
        let item = StatementItem(
            id: details.id, description: details.description, label: details.label, entry: .credit,
            amount: details.amount, name: details.counterPartyName, dateEvent: date, status: details.status)
        return BackendStatementEntry(day: februaryDay(5), item: item, details: details)
    }

    // MARK: - Generated statements

    private struct Bank {
        let name: String
        let number: String

        static let bancoDoBrasil = Bank(name: "Banco do Brasil", number: "001")
        static let santander = Bank(name: "Banco Santander", number: "033")
        static let caixa = Bank(name: "Caixa Econômica Federal", number: "104")
        static let bradesco = Bank(name: "Bradesco", number: "237")
        static let nubank = Bank(name: "Nu Pagamentos", number: "260")
        static let itau = Bank(name: "Itaú Unibanco", number: "341")
        static let cora = Bank(name: "Cora SCD", number: "403")
    }

    private struct Person {
        let name: String
        let document: String
        let documentType: DocumentType
        let bank: Bank
        let agencyNumber: String
        let agencyNumberDigit: String
        let accountNumber: String
        let accountNumberDigit: String

        var party: StatementParty {
            StatementParty(
                name: name, bankName: bank.name, bankNumber: bank.number, agencyNumber: agencyNumber,
                agencyNumberDigit: agencyNumberDigit, accountNumber: accountNumber,
                accountNumberDigit: accountNumberDigit, documentNumber: document, documentType: documentType)
        }

        static func company(_ name: String, cnpjBase: String, bank: Bank, agency: String, account: String) -> Person {
            Person(
                name: name, document: BackendFieldRules.cnpj(base: cnpjBase), documentType: .cnpj, bank: bank,
                agencyNumber: agency, agencyNumberDigit: String(agency.suffix(1)),
                accountNumber: account, accountNumberDigit: String(account.prefix(1)))
        }

        static func individual(_ name: String, cpfBase: String, bank: Bank, agency: String, account: String) -> Person {
            Person(
                name: name, document: BackendFieldRules.cpf(base: cpfBase), documentType: .cpf, bank: bank,
                agencyNumber: agency, agencyNumberDigit: String(agency.prefix(1)),
                accountNumber: account, accountNumberDigit: String(account.suffix(1)))
        }
    }

    private static let counterparties: [Person] = [
        .company(
            "Padaria Pão Quente LTDA", cnpjBase: "123456780001", bank: Bank.bradesco, agency: "3310", account: "45821"),
        .individual("Ana Beatriz Rocha", cpfBase: "391758264", bank: Bank.nubank, agency: "0001", account: "8812345"),
        .company("Mercado Bom Preço LTDA", cnpjBase: "987654320001", bank: Bank.itau, agency: "1520", account: "77410"),
        .individual("Pedro Henrique Alves", cpfBase: "284615973", bank: Bank.caixa, agency: "0455", account: "201934"),
        .company(
            "Transportes Rápido S.A.", cnpjBase: "456123780001", bank: Bank.santander, agency: "2290", account: "130077"
        ),
        .individual(
            "Luiza Fernandes", cpfBase: "615374829", bank: Bank.bancoDoBrasil, agency: "1208", account: "66531"),
        .company(
            "Clínica Saúde Total LTDA", cnpjBase: "741852960001", bank: Bank.bradesco, agency: "0917", account: "93002"),
        .company(
            "Energia Sul Distribuidora S.A.", cnpjBase: "321654980001", bank: Bank.caixa, agency: "3001",
            account: "500128"),
    ]

    private struct Kind {
        let description: String
        let label: String
        let entry: EntryDirection
    }

    private static let kinds: [Kind] = [
        Kind(description: "Compra no débito", label: "Compra aprovada", entry: .debit),
        Kind(description: "Transferência Pix recebida", label: "Pix recebido", entry: .credit),
        Kind(description: "Pagamento de boleto", label: "Boleto pago", entry: .debit),
        Kind(description: "Pagamento por serviços prestados", label: "Pagamento recebido", entry: .credit),
        Kind(description: "Transferência Pix enviada", label: "Pix enviado", entry: .debit),
        Kind(description: "Reembolso de despesas", label: "Reembolso recebido", entry: .credit),
        Kind(description: "Conta de energia", label: "Pagamento de conta", entry: .debit),
        Kind(description: "Depósito em conta", label: "Depósito recebido", entry: .credit),
    ]

    /// Three entries on each of `days` (days of February 2024), leaving out
    /// the reserved slots that hand-written entries take.
    private static func generatedStatement(
        owner: Person, tag: Int, days: [Int], reservedSlots: [(day: Int, slot: Int)], friend: Person?
    ) -> [BackendStatementEntry] {
        var entries: [BackendStatementEntry] = []
        var number = 0
        for day in days {
            for slot in 0..<3 where !reservedSlots.contains(where: { $0.day == day && $0.slot == slot }) {
                number += 1
                entries.append(
                    generatedEntry(owner: owner, tag: tag, number: number, day: day, slot: slot, friend: friend))
            }
        }
        return entries
    }

    private static func generatedEntry(
        owner: Person, tag: Int, number: Int, day: Int, slot: Int, friend: Person?
    ) -> BackendStatementEntry {
        let kind = kinds[(number + tag) % kinds.count]
        let counterparty: Person
        if let friend, number % 7 == 3 {
            counterparty = friend
        } else {
            counterparty = counterparties[(number * 3 + tag) % counterparties.count]
        }
        let date = februaryDate(
            day: day, hour: 9 + slot * 4 + number % 3, minute: (number * 17 + tag * 7) % 60,
            second: (number * 29 + tag * 11) % 60)
        let amount = 1_000 + (number * 37_813 + tag * 9_973) % 250_000
        let status = number % 11 == 7 ? "PENDING" : "COMPLETED"
        let id = entryID(owner: owner.document, number: number)
        let item = StatementItem(
            id: id, description: kind.description, label: kind.label, entry: kind.entry, amount: amount,
            name: counterparty.name, dateEvent: date, status: status)
        let (sender, recipient) =
            kind.entry == .debit
            ? (owner.party, counterparty.party) : (counterparty.party, owner.party)
        let details = StatementEntryDetails(
            id: id, description: kind.description, label: kind.label, amount: amount,
            counterPartyName: counterparty.name, dateEvent: date, status: status,
            sender: sender, recipient: recipient)
        return BackendStatementEntry(day: februaryDay(day), item: item, details: details)
    }

    /// A UUID-shaped id derived from the owner's document and the entry's
    /// number (FNV-1a), so every run seeds the same ids: the two hashes'
    /// 32 lowercase hex digits, dashed 8-4-4-4-12. Written byte by byte:
    /// every launch seeds 88 of them, and cutting a string of digits into
    /// substrings and joining them cost 1.9 M of an in-memory launch's 52 M
    /// instructions (docs/benchmarks.md, "Start-up").
    private static func entryID(owner: String, number: Int) -> String {
        let high = StableHash.fnv1a64("\(owner)#\(number)#high")
        let low = StableHash.fnv1a64("\(owner)#\(number)#low")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for place in 0..<32 {
            if place == 8 || place == 12 || place == 16 || place == 20 { bytes.append(UInt8(ascii: "-")) }
            let word = place < 16 ? high : low
            let nibble = (word >> UInt64(60 - 4 * (place % 16))) & 0xf
            bytes.append(hexDigits[Int(truncatingIfNeeded: nibble)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    // MARK: - February 2024, UTC

    /// 2024-02-01T00:00:00Z.
    private static let februaryFirst = Date(timeIntervalSince1970: 1_706_745_600)

    private static func februaryDate(day: Int, hour: Int, minute: Int, second: Int) -> Date {
        let seconds = (day - 1) * 86_400 + hour * 3_600 + minute * 60 + second
        return februaryFirst.addingTimeInterval(TimeInterval(seconds))
    }

    private static func februaryDay(_ day: Int) -> String {
        day < 10 ? "2024-02-0\(day)" : "2024-02-\(day)"
    }
}
