import Composition
import Testing

@testable import app

/// Live screens in interactive mode: a change of what the screen shows is
/// printed when it happens, marked, and not printed again after the command;
/// scripts keep one screen per command.
@MainActor
@Suite("Live screens")
struct LiveScreenTests {
    /// Lets the main actor run what the observation scheduled, a bounded number of turns.
    private func drain(until done: () -> Bool) async {
        for _ in 0..<100 where !done() { await Task.yield() }
    }

    @Test("A change of the screen is printed as it happens, marked, and once")
    func changePrintedLive() async throws {
        let app = HeadlessApp(world: try AppWorld(environment: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        var printed: [String] = []
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { printed.append($0) }
        live.start()

        try await app.tap("sign-in")
        await drain { !printed.isEmpty }

        let redraw = try #require(printed.first)
        #expect(redraw.hasPrefix(LiveScreen.marker + "\n┌─ "))
        #expect(redraw.hasSuffix(app.renderedScreen()))
        #expect(live.afterCommand() == nil, "the command's own print is skipped: the screen is already shown")
        live.stop()
        await app.shutDown()
    }

    @Test("A background change (the server's health) is printed live on the dashboard")
    func backgroundChange() async throws {
        let app = HeadlessApp(world: try AppWorld(environment: .inMemory), texts: Texts(locale: .enUS))
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
        let app = HeadlessApp(world: try AppWorld(environment: .inMemory), texts: Texts(locale: .enUS))
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
