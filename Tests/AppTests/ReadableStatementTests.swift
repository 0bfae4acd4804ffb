import Composition
import DomainCore
import Foundation
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// Statements a person can read (issue 27, item 8): statuses in their
/// language, times in their time zone (given, never read from the process
/// here), lines and action bars wrapped at word boundaries to the
/// terminal's width, and no action that can never be used.
@MainActor
@Suite("Readable statements")
struct ReadableStatementTests {
    private func signedInApp(locale: AppLocale, timeZone: TimeZone = .gmt) async throws -> HeadlessApp {
        let app = HeadlessApp(
            world: try AppWorld(testing: .inMemory), texts: Texts(locale: locale), pinsLanguage: true,
            timeZone: timeZone)
        await app.launch()
        try await app.tap("sign-in")
        try await app.type("identifier", "123.456.789-09")
        try await app.tap("next")
        try await app.type("password", "123456")
        try await app.tap("next")
        return app
    }

    @Test(
        "Statuses are in the person's language, never the backend's word",
        arguments: [
            (AppLocale.ptBR, "concluída", "pendente"), (.enUS, "completed", "pending"),
            (.esES, "completada", "pendiente"),
        ])
    func statusesInTheLanguage(locale: AppLocale, completed: String, pending: String) async throws {
        let app = try await signedInApp(locale: locale)
        try await app.tap("statement")
        let screen = app.screenText()
        #expect(screen.contains(", \(completed))"))
        #expect(screen.contains(", \(pending))"))
        #expect(!screen.contains("COMPLETED"))
        #expect(!screen.contains("PENDING"))
        try await app.open(30)
        #expect(app.screenText().contains(completed))
        await app.shutDown()
    }

    @Test("Times are in the time zone the app was given")
    func timesInTheGivenZone() async throws {
        let app = try await signedInApp(
            locale: .ptBR, timeZone: try #require(TimeZone(identifier: "America/Sao_Paulo")))
        try await app.tap("statement")
        #expect(app.screenText().contains("30. 05:15 Compra de produtos eletrônicos"))
        try await app.open(30)
        #expect(app.screenText().contains("Data: 01/02/2024 05:15"))
        await app.shutDown()
    }

    @Test("Every printed line fits the width, and no action's [name] is split", arguments: [40, 60, 80, 120])
    func linesFitTheWidth(columns: Int) async throws {
        let app = try await signedInApp(locale: .esES)
        app.columns = columns
        for screen in ["statement", "back", "profile"] {
            try await app.tap(screen)
            let printed = app.renderedScreen()
            for line in printed.split(separator: "\n") {
                #expect(line.count <= columns, "\(line.count) > \(columns): \(line)")
            }
            for action in app.snapshot().actions {
                #expect(printed.contains("[\(action.name)]"), "[\(action.name)] split at \(columns) columns")
            }
        }
        await app.shutDown()
    }

    @Test("The title line wraps at a word boundary, never inside a word or the screen's name")
    func titleWraps() {
        let screen = ScreenSnapshot(name: "sign-in-password", title: "Iniciar sesión")
        let lines = screen.rendered(disabledWord: "desactivada", columns: 24).split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["┌─ Iniciar sesión ·", "│   sign-in-password"])
    }

    @Test("A statement with nothing failed offers no retry; a failed one does")
    func retryOnlyWhenUsable() async throws {
        let app = try await signedInApp(locale: .enUS)
        try await app.tap("statement")
        #expect(app.snapshot().action(named: "retry") == nil)
        let fault = try #require(try ScriptParser.parse(#"server fault "GET /challenge/list" status 500"#))
        _ = try await CommandExecutor(app: app).execute(fault)
        try await app.tap("refresh")
        #expect(app.snapshot().action(named: "retry")?.isEnabled == true)
        await app.shutDown()
    }
}

@Suite("Word wrap")
struct WordWrapTests {
    @Test("Lines break at spaces, continued under the continuation prefix, runs of spaces kept inside a line")
    func breaksAtSpaces() {
        let lines = WordWrap.lines(
            "30. 08:15 Compra · João  -R$ 1.500,00  (Compra aprovada, concluída)", first: "│ ", continuation: "│   ",
            columns: 30)
        #expect(lines == ["│ 30. 08:15 Compra · João", "│   -R$ 1.500,00  (Compra", "│   aprovada, concluída)"])
        #expect(WordWrap.lines("short  line", first: "│ ", continuation: "│   ", columns: 80) == ["│ short  line"])
    }

    @Test(
        "An amount never parts from its currency symbol, written before (pt-BR) or after (es-ES)",
        arguments: [
            ("Compra · João  -R$ 1.391,03  (Compra)", ["│ Compra · João", "│   -R$ 1.391,03", "│   (Compra)"]),
            ("Compra · João  +1.391,03 R$  (Compra)", ["│ Compra · João", "│   +1.391,03 R$", "│   (Compra)"]),
            ("Saldo R$ 10,00 hoje", ["│ Saldo R$ 10,00", "│   hoje"]),
            // Only an amount is kept whole: the symbol beside a word breaks as any word does.
            ("nenhum R$ ontem", ["│ nenhum R$", "│   ontem"]),
        ])
    func amountKeepsItsSymbol(_ text: String, _ expected: [String]) {
        #expect(WordWrap.lines(text, first: "│ ", continuation: "│   ", columns: 16) == expected)
    }

    @Test("A word longer than the line is left whole on a line of its own")
    func longWordWhole() {
        let lines = WordWrap.lines("a [remember-identifier] b", first: "│ ", continuation: "│   ", columns: 12)
        #expect(lines == ["│ a", "│   [remember-identifier]", "│   b"])
    }

    @Test("Actions are packed whole: a bar breaks between actions, never inside one")
    func actionsPackedWhole() {
        let lines = WordWrap.packed(
            ["[save] Salvar", "[remember-identifier] Lembrar meu CPF", "[back] Voltar"], separator: "   ",
            first: "│ ", continuation: "│ ", columns: 40)
        #expect(lines == ["│ [save] Salvar", "│ [remember-identifier] Lembrar meu CPF", "│ [back] Voltar"])
    }
}

@Suite("The person's time zone")
struct PersonsTimeZoneTests {
    @Test("TZ names the zone; a leading colon is allowed; unset, empty, too long or unknown falls back to the system's")
    func fromTZ() throws {
        let system = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(PersonsTimeZone.from(tz: "America/Sao_Paulo", system: system).identifier == "America/Sao_Paulo")
        #expect(PersonsTimeZone.from(tz: ":Europe/Madrid", system: system).identifier == "Europe/Madrid")
        #expect(PersonsTimeZone.from(tz: nil, system: system) == system)
        #expect(PersonsTimeZone.from(tz: "", system: system) == system)
        #expect(PersonsTimeZone.from(tz: "Not/AZone", system: system) == system)
        #expect(PersonsTimeZone.from(tz: String(repeating: "A", count: 100_000), system: system) == system)
    }
}
