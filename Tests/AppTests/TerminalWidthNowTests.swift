import Composition
import OffThePool
import Testing

@testable import GatehouseApp
import CompositionTesting

/// The terminal as it is now (issue 52): the width is read at every
/// drawing, so a resize is met by the next screen or Ctrl-L, and what the
/// interactive session prints besides screens — the banner, `help`, a ✘
/// line — wraps at word boundaries to it.
@MainActor
@Suite("The terminal's width now")
struct TerminalWidthNowTests {
    @Test("A resized terminal gets the next screen at its new width")
    func theWidthIsReadAtEveryDrawing() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
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

    @Test("A resize draws the screen again at the new width at once, with nothing typed")
    func aResizeRedraws() async throws {
        // The terminal is waited for off the pool, never on a thread other tests need.
        try await offThePool {
            let terminal = try PseudoTerminal(arguments: ["--locale", "en-US"])
            terminal.resize(columns: 100, rows: 40)
            let shown = try terminal.waitFor("welcome> ")
            let redrawn = try Self.resized(terminal, toColumns: 40, after: shown)
            let drawn = String(terminal.drawn[shown..<redrawn])
            #expect(drawn.contains("Welcome"), "the screen drawn again")
            let lines = TerminalLines.lines(of: drawn).filter { !$0.isEmpty }
            #expect(!lines.isEmpty)
            for line in lines where line.count > 40 {
                Issue.record("'\(line)' is wider than the 40 columns now")
            }
            terminal.type("quit\r")
            #expect(terminal.exitStatus() == 0)
        }
    }

    /// Resizes the terminal and waits for the prompt drawn again. The app
    /// listens for SIGWINCH from its first prompt on, but dispatch registers
    /// the listener a moment later: a signal in that moment is ignored, as
    /// the default is, so the resize is repeated (a few times at most) until
    /// one is drawn. What is checked is the drawing, never a duration.
    private nonisolated static func resized(
        _ terminal: PseudoTerminal, toColumns columns: UInt16, after shown: String.Index
    )
        throws -> String.Index
    {
        for attempt in 1...5 {
            terminal.resize(columns: columns, rows: 40)
            do {
                return try terminal.waitFor("welcome> ", after: shown, within: .seconds(attempt < 5 ? 5 : 60))
            } catch PseudoTerminal.Failure.notDrawn where attempt < 5 {
                continue
            }
        }
        return try terminal.waitFor("welcome> ", after: shown, within: .zero)
    }

    @Test("help fits the width, two columns where they fit and one where not", arguments: [40, 60, 100])
    func helpFitsTheWidth(columns: Int) async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
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
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .esES))
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
