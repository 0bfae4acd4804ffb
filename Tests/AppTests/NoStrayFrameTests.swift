import Composition
import Testing

@testable import GatehouseApp
import CompositionTesting

/// Every frame the live screen draws is a state a person should see: a
/// screen that is about to load says so from its first frame, with its
/// actions as they are while it loads, and nothing that ended before (a
/// check, a save) is still said (issue 39, item 10).
@MainActor
@Suite("No stray frame on the live screen")
struct NoStrayFrameTests {
    private let english = Texts(locale: .enUS)

    /// The app signed in (after `more`), with a live screen collecting every frame printed from then on.
    private func signedIn(
        then more: [String] = [], hashIterations: Int? = nil
    ) async throws -> (HeadlessApp, CommandExecutor, LiveScreen, FrameLog) {
        var environment = AppEnvironment.inMemory
        if let hashIterations { environment.settings.pinHashIterations = hashIterations }
        let app = HeadlessApp(world: try AppWorld(testing: environment), texts: english)
        await app.launch()
        let executor = CommandExecutor(app: app)
        for line in InteractiveSessionTests.signIn + more {
            _ = try await executor.execute(try #require(try ScriptParser.parse(line)))
        }
        let frames = FrameLog()
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { frames.all.append($0) }
        live.start()
        return (app, executor, live, frames)
    }

    /// Runs `line` as a typed command, then lets the main actor draw what it scheduled.
    private func type(_ line: String, on executor: CommandExecutor, live: LiveScreen) async throws {
        live.commandBegins(isWait: false)
        _ = try await executor.execute(try #require(try ScriptParser.parse(line)))
        for _ in 0..<100 { await Task.yield() }
        live.commandEnds()
    }

    @Test("The statement loads once: each frame with its placeholder has refresh disabled")
    func statementLoadsOnce() async throws {
        let (app, executor, live, frames) = try await signedIn(then: [#"server fault "GET /challenge/list" delay 2s"#])
        try await type("tap statement", on: executor, live: live)
        try await type("wait 2s", on: executor, live: live)

        let loading = frames.all.filter { $0.contains(english[.loadingPlaceholder]) }
        #expect(!loading.isEmpty)
        for frame in loading { #expect(frame.contains("[refresh] Refresh (disabled)"), "\(frame)") }
        #expect(frames.all.last?.contains("[refresh] Refresh   ") == true, "refresh is offered once loaded")
        live.stop()
        await app.shutDown()
    }

    @Test("Session details and security say they load until they know: no frame without their data or placeholder")
    func detailsAndSecurityPlaceholderFirst() async throws {
        let (app, executor, live, frames) = try await signedIn()
        try await type("tap session", on: executor, live: live)
        for frame in frames.all where frame.contains("About this session ·") {
            #expect(frame.contains("Valid until") || frame.contains(english[.loadingPlaceholder]), "\(frame)")
        }
        try await type("tap back", on: executor, live: live)
        frames.all.removeAll()
        try await type("tap security", on: executor, live: live)
        #expect(!frames.all.isEmpty)
        for frame in frames.all {
            #expect(frame.contains("PIN lock:") || frame.contains(english[.loadingPlaceholder]), "\(frame)")
        }
        live.stop()
        await app.shutDown()
    }

    @Test("After a PIN is set the overview is drawn done, not still checking; a forgotten PIN checks nothing")
    func pinFramesSayOnlyWhatHappens() async throws {
        let (app, executor, live, frames) = try await signedIn(
            then: ["tap security", "tap set-pin", "type pin 2580", "tap next", "type pin 2580"], hashIterations: 64)
        try await type("tap next", on: executor, live: live)
        #expect(frames.all.contains { $0.contains("PIN lock: on.") })
        for frame in frames.all where frame.contains("PIN lock: on.") {
            #expect(!frame.contains(english[.pinChecking]), "\(frame)")
            #expect(frame.contains("[back] Back") && !frame.contains("[back] Back (disabled)"), "\(frame)")
        }
        for line in ["relaunch"] { _ = try await executor.execute(try #require(try ScriptParser.parse(line))) }
        frames.all.removeAll()
        try await type("tap forgot-pin", on: executor, live: live)
        #expect(!frames.all.isEmpty)
        #expect(!frames.all.contains { $0.contains(english[.pinChecking]) }, "\(frames.all)")
        live.stop()
        await app.shutDown()
    }

    @Test("A language chosen after a profile save says the language was saved, not the old save")
    func languageChangeEndsTheOldSaved() async throws {
        let (app, executor, live, frames) = try await signedIn(then: [
            "tap profile", "type name Maria Souza", "tap save",
        ])
        #expect(app.screenText().contains(english[.profileSaved]))
        try await type("tap language-es-ES", on: executor, live: live)
        #expect(!app.screenText().contains(english[.profileSaved]), "\(app.screenText())")
        #expect(!app.screenText().contains(Texts(locale: .esES)[.profileSaved]), "\(app.screenText())")
        #expect(!frames.all.isEmpty)
        live.stop()
        await app.shutDown()
    }
}

/// The frames a live screen printed, in order.
@MainActor
final class FrameLog {
    var all: [String] = []
}
