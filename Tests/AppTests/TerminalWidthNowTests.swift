import Composition
import Testing

@testable import app

/// The terminal as it is now (issue 52): the width is read at every
/// drawing, so a resize is met by the next screen or Ctrl-L, and what the
/// interactive session prints besides screens — the banner, `help`, a ✘
/// line — wraps at word boundaries to it.
@MainActor
@Suite("The terminal's width now")
struct TerminalWidthNowTests {
    @Test("A resized terminal gets the next screen at its new width")
    func theWidthIsReadAtEveryDrawing() async throws {
        let app = HeadlessApp(world: try AppWorld(environment: .inMemory), texts: Texts(locale: .enUS))
        var width = 100
        app.columnsNow = { width }
        await app.launch()
        let wide = app.renderedScreen()
        width = 20
        let narrow = app.renderedScreen()
        #expect(wide != narrow)
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 20 || !$0.contains(" [") })
        await app.shutDown()
    }

    @Test("help fits the width, two columns where they fit and one where not", arguments: [40, 60, 100])
    func helpFitsTheWidth(columns: Int) async throws {
        let app = HeadlessApp(world: try AppWorld(environment: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        app.columns = columns
        let session = InteractiveSession(app: app, console: Transcript().console, lines: .lines([]))
        // The rows laid out for the width, then wrapped as the session prints them.
        let lines = InteractiveHelp.lines(for: app.snapshot(), columns: columns)
            .flatMap { session.wrapped($0).split(separator: "\n").map(String.init) }
        for line in lines where line.count > columns {
            // Only a single word longer than the width may stand out.
            #expect(!line.trimmingCharacters(in: .whitespaces).contains(" "), "'\(line)' at \(columns) columns")
        }
        #expect(lines.contains { $0.contains("expect event KIND [FIELD") })
        #expect(!lines.contains { $0.hasSuffix("kee") }, "no word cut")
        await app.shutDown()
    }

    @Test("A ✘ line and the banner wrap at word boundaries, each line going on indented")
    func messagesWrap() async throws {
        let app = HeadlessApp(world: try AppWorld(environment: .inMemory), texts: Texts(locale: .esES))
        app.columns = 40
        let session = InteractiveSession(app: app, console: Transcript().console, lines: .lines([]))
        let text = session.wrapped(
            "✘ la pantalla welcome no tiene la acción 'nada'; sus acciones son sign-in, sign-up")
        let lines = text.split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
        #expect(text.replacingOccurrences(of: "\n  ", with: " ").hasSuffix("sign-in, sign-up"))
        await app.shutDown()
    }
}
