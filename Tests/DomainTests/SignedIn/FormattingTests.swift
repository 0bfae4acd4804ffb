import DomainCore
import Foundation
import Ports
import Testing

/// Money, dates and documents as each locale shows them (docs/spec/locales.md).
@Suite("Formatting")
struct FormattingTests {
    @Test(
        "Cents to BRL per locale",
        arguments: [
            (0, AppLocale.ptBR, "R$ 0,00"), (1, .ptBR, "R$ 0,01"), (99, .ptBR, "R$ 0,99"), (100, .ptBR, "R$ 1,00"),
            (150_000, .ptBR, "R$ 1.500,00"), (123_456_789, .ptBR, "R$ 1.234.567,89"), (-150_000, .ptBR, "-R$ 1.500,00"),
            (0, .enUS, "R$0.00"), (1, .enUS, "R$0.01"), (99, .enUS, "R$0.99"), (100, .enUS, "R$1.00"),
            (150_000, .enUS, "R$1,500.00"), (123_456_789, .enUS, "R$1,234,567.89"), (-150_000, .enUS, "-R$1,500.00"),
            (0, .esES, "0,00 R$"), (1, .esES, "0,01 R$"), (99, .esES, "0,99 R$"), (100, .esES, "1,00 R$"),
            (150_000, .esES, "1.500,00 R$"), (123_456_789, .esES, "1.234.567,89 R$"), (-150_000, .esES, "-1.500,00 R$"),
        ])
    func money(cents: Int, locale: AppLocale, text: String) {
        #expect(MoneyFormatter.format(cents: cents, locale: locale) == text)
    }

    @Test(
        "A DEBIT is shown negative and a CREDIT positive",
        arguments: [
            (EntryDirection.debit, AppLocale.ptBR, "-R$ 1.500,00"), (.credit, .ptBR, "+R$ 1.500,00"),
            (.debit, .enUS, "-R$1,500.00"), (.credit, .enUS, "+R$1,500.00"),
            (.debit, .esES, "-1.500,00 R$"), (.credit, .esES, "+1.500,00 R$"),
        ])
    func statementAmount(direction: EntryDirection, locale: AppLocale, text: String) {
        #expect(MoneyFormatter.format(cents: 150_000, direction: direction, locale: locale) == text)
    }

    @Test(
        "A section's day per locale",
        arguments: [
            ("2024-02-01", AppLocale.ptBR, "01/02/2024"), ("2024-02-01", .enUS, "02/01/2024"),
            ("2024-02-01", .esES, "01/02/2024"), ("not-a-date", .ptBR, "not-a-date"), ("", .enUS, ""),
        ])
    func day(iso: String, locale: AppLocale, text: String) {
        #expect(DateText.day(iso, locale: locale) == text)
    }

    @Test(
        "Times are shown in the time zone given (the person's), never the machine's",
        arguments: [
            ("UTC", "08:15", "01/02/2024 08:15", "02/01/2024 08:15"),
            ("America/Sao_Paulo", "05:15", "01/02/2024 05:15", "02/01/2024 05:15"),
            ("Asia/Tokyo", "17:15", "01/02/2024 17:15", "02/01/2024 17:15"),
            ("Pacific/Honolulu", "22:15", "31/01/2024 22:15", "01/31/2024 22:15"),
        ])
    func timesInTheGivenZone(zone: String, time: String, ptBR: String, enUS: String) throws {
        // 2024-02-01T08:15:17Z, the seed's sample item.
        let date = Date(timeIntervalSince1970: 1_706_775_317)
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(DateText.time(date, in: timeZone) == time)
        #expect(DateText.dayAndTime(date, locale: .ptBR, in: timeZone) == ptBR)
        #expect(DateText.dayAndTime(date, locale: .enUS, in: timeZone) == enUS)
    }

    @Test func clockTimeToTheSecond() throws {
        let date = Date(timeIntervalSince1970: 1_706_775_317)
        #expect(DateText.clockTime(date, in: .gmt) == "08:15:17")
        #expect(DateText.clockTime(date, in: try #require(TimeZone(identifier: "America/Sao_Paulo"))) == "05:15:17")
    }

    @Test(
        "Documents are masked by type; anything malformed is hidden whole",
        arguments: [
            ("12345678909", DocumentType.cpf, "***.456.789-**"), ("11223344000155", .cnpj, "**.223.344/****-**"),
            ("99887766000112", .cnpj, "**.887.766/****-**"), ("1234567890", .cpf, "***"),
            ("11223344000155", .cpf, "***"),
            ("12345678909", .cnpj, "***"), ("123.456.789-09", .cpf, "***"), ("", .cnpj, "***"),
            ("abcdefghijk", .cpf, "***"),
        ])
    func documentMask(number: String, type: DocumentType, shown: String) {
        #expect(DocumentMask.mask(number, type: type) == shown)
    }
}
