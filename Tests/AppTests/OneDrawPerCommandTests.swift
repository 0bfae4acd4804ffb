import Composition
import Testing

@testable import GatehouseApp
import CompositionTesting

/// One command draws the screen once: the draw after it is the one the
/// next command finds its action on, expectations read it, and the live
/// screen's redraw is the one printed after the command.
@MainActor
@Suite("One draw per command")
struct OneDrawPerCommandTests {
    /// A sign-in and a look at the dashboard, with expectations between.
    static let lines = [
        "tap sign-in", "expect screen sign-in", "type identifier 123.456.789-09", "tap next",
        "expect text 123.456.789-09", "type password 123456", "tap next", "expect screen dashboard",
        "tap statement", "expect screen statement", "tap back", "expect screen dashboard",
    ]

    /// Lets the main actor run what the observation scheduled, a bounded number of turns.
    private func drain(until done: () -> Bool) async {
        for _ in 0..<100 where !done() { await Task.yield() }
    }

    @Test("As a script runs: one draw for each command that drives the app, none for an expectation")
    func scriptDrawsOncePerCommand() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        _ = app.renderedScreen()
        let executor = CommandExecutor(app: app)
        for line in Self.lines {
            let command = try #require(try ScriptParser.parse(line))
            let before = app.drawCount
            let outcome = try await executor.execute(command)
            // What the script runner prints after a command that drove the app.
            if outcome == .performed { _ = app.renderedScreen() }
            let expected = command.isExpectation ? 0 : 1
            #expect(app.drawCount - before == expected, "\(line)")
            if case .expectationFailed(let failure) = outcome { Issue.record("\(line): \(failure)") }
        }
        await app.shutDown()
    }

    @Test("Interactive: a typed command is drawn once, by the live screen, and not again after it")
    func interactiveDrawsOncePerCommand() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        var printed: [String] = []
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { printed.append($0) }
        live.start()
        let executor = CommandExecutor(app: app)
        _ = try await executor.execute(.tap("sign-in"))
        await drain { !printed.isEmpty }
        #expect(live.afterCommand() == nil)

        let before = app.drawCount
        _ = try await executor.execute(.type(field: "identifier", text: "123.456.789-09"))
        await drain { printed.count == 2 }
        // What the session reads between commands: the screen after it, the prompt's name, Tab's words.
        #expect(live.afterCommand() == nil)
        #expect(app.snapshot().name == "sign-in")
        #expect(printed.count == 2 && printed[1].contains("123.456.789-09"))
        #expect(app.drawCount - before == 1)
        live.stop()
        await app.shutDown()
    }
}
