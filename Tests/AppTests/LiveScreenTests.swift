import Composition
import Testing

@testable import GatehouseApp
import CompositionTesting

/// Live screens in interactive mode: a change of what the screen shows is
/// printed when it happens — marked when no typed command is being answered
/// — and not printed again after the command; scripts keep one screen per
/// command.
@MainActor
@Suite("Live screens")
struct LiveScreenTests {
    /// Lets the main actor run what the observation scheduled, a bounded number of turns.
    private func drain(until done: () -> Bool) async {
        for _ in 0..<100 where !done() { await Task.yield() }
    }

    @Test("A change nobody typed for is printed as it happens, marked, and once")
    func changePrintedLive() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        var printed: [String] = []
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { printed.append($0) }
        live.start()

        try await app.tap("sign-in")  // not through the session: no typed command is being answered
        await drain { !printed.isEmpty }

        let redraw = try #require(printed.first)
        #expect(redraw.hasPrefix(LiveScreen.marker + "\n┌─ "))
        #expect(redraw.hasSuffix(app.renderedScreen()))
        #expect(live.afterCommand() == nil, "the command's own print is skipped: the screen is already shown")
        live.stop()
        await app.shutDown()
    }

    @Test("A change while a typed command is answered is its answer, unmarked; during a wait it is marked")
    func answerUnmarkedWaitMarked() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        var printed: [String] = []
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { printed.append($0) }
        live.start()

        live.commandBegins(isWait: false)
        try await app.tap("sign-in")
        await drain { !printed.isEmpty }
        #expect(printed.count == 1)
        #expect(printed.first?.hasPrefix("┌─ Sign in · sign-in") == true, "unmarked: it answers the typed line")
        live.commandEnds()

        printed.removeAll()
        live.commandBegins(isWait: true)
        try await app.tap("back")
        await drain { !printed.isEmpty }
        #expect(printed.first?.hasPrefix(LiveScreen.marker + "\n┌─ Welcome") == true, "a wait answers nothing")
        live.commandEnds()
        live.stop()
        await app.shutDown()
    }

    @Test("While a PIN is hashed, the screen says it is being checked (saved, after the confirmation)")
    func pinCheckingShown() async throws {
        var environment = AppEnvironment.inMemory
        environment.settings.pinHashIterations = 64  // the hash's length is not what this checks
        let app = HeadlessApp(world: try AppWorld(testing: environment), texts: Texts(locale: .enUS))
        await app.launch()
        let executor = CommandExecutor(app: app)
        for line in InteractiveSessionTests.signIn + ["tap security", "tap set-pin", "type pin 2580", "tap next"] {
            _ = try await executor.execute(try #require(try ScriptParser.parse(line)))
        }
        var printed: [String] = []
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { printed.append($0) }
        live.start()

        live.commandBegins(isWait: false)
        _ = try await executor.execute(.type(field: "pin", text: "2580"))
        _ = try await executor.execute(.tap("next"))
        await drain { printed.contains { $0.contains("PIN lock: on.") } }
        #expect(printed.contains { $0.contains("Saving the PIN…") })
        live.commandEnds()

        for line in ["relaunch", "type pin 2580"] {
            _ = try await executor.execute(try #require(try ScriptParser.parse(line)))
        }
        printed.removeAll()
        live.commandBegins(isWait: false)
        _ = try await executor.execute(.tap("unlock"))
        await drain { printed.contains { $0.contains("· dashboard") } }
        #expect(printed.contains { $0.contains("· pin-lock") && $0.contains("Checking the PIN…") })
        #expect(!app.renderedScreen().contains("Checking the PIN…"), "gone once checked")
        live.stop()
        await app.shutDown()
    }

    @Test("The screen word prints the screen shown again, whatever was printed before")
    func reprint() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { _ in }
        #expect(live.reprint() == app.renderedScreen())
        #expect(live.afterCommand() == nil, "what was reprinted counts as shown")
        await app.shutDown()
    }

    @Test("A background change (the server's health) is printed live on the dashboard")
    func backgroundChange() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        let executor = CommandExecutor(app: app)
        for line in InteractiveSessionTests.signIn {
            _ = try await executor.execute(try #require(try ScriptParser.parse(line)))
        }
        var printed: [String] = []
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { printed.append($0) }
        live.start()

        _ = try await executor.execute(.serverHealth(up: false))
        _ = try await executor.execute(.wait(.seconds(61)))
        await drain { printed.contains { $0.contains("⚠") } }

        #expect(printed.contains { $0.hasPrefix(LiveScreen.marker) && $0.contains("⚠ The server is unavailable") })
        live.stop()
        await app.shutDown()
    }

    @Test("The live statement shows its placeholder and nothing else until its data: no empty frame first")
    func statementPlaceholderFirst() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        let executor = CommandExecutor(app: app)
        for line in InteractiveSessionTests.signIn + [#"server fault "GET /challenge/list" delay 2s"#] {
            _ = try await executor.execute(try #require(try ScriptParser.parse(line)))
        }
        var printed: [String] = []
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { printed.append($0) }
        live.start()

        try await app.tap("statement")
        await drain { printed.contains { $0.contains("· statement") } }
        _ = try await executor.execute(.wait(.seconds(2)))
        await drain { printed.contains { $0.contains("— 02/16/2024 —") } }

        let statementFrames = printed.filter { $0.contains("· statement") }
        #expect(statementFrames.first?.contains(Texts(locale: .enUS)[.loadingPlaceholder]) == true)
        #expect(statementFrames.last?.contains("— 02/16/2024 —") == true)
        for frame in statementFrames {
            let placeholder = frame.contains(Texts(locale: .enUS)[.loadingPlaceholder])
            let rows = frame.contains("— 02/16/2024 —")
            #expect(placeholder != rows, "a statement frame with neither its placeholder nor its data:\n\(frame)")
        }
        live.stop()
        await app.shutDown()
    }

    @Test("Interactive mode marks no screen a command printed; scripts never show the marker")
    func scriptsUnmarked() async {
        let transcript = Transcript()
        _ = await transcript.app(pipedInput: InteractiveSessionTests.signIn.joined(separator: "\n"))
            .run(Invocation(command: .interactive))
        #expect(!transcript.text.contains(LiveScreen.marker))
    }
}
