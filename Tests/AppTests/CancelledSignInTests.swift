import Composition
import Foundation
import OffThePool
import Testing

@testable import GatehouseApp
import CompositionTesting

/// Every wait can be left (issue 52, round four): a password sign-in the
/// server holds ends at Ctrl-C — back to the form, the password kept,
/// "Sign-in cancelled." said, Back enabled — long before the request's
/// deadline (ten minutes here, so only the Ctrl-C can end it).
@MainActor
@Suite("A sign-in left while it waits on the server")
struct CancelledSignInTests {
    @Test("Ctrl-C during a sign-in the server holds returns to the form, the password kept")
    func ctrlCEndsTheSignIn() async throws {
        // A blocking wait on a child's terminal: never on one of the cooperative pool's threads.
        try await offThePool {
            let served = try ServedEnvironment(settings: #""requestTimeoutSeconds": 600"#)

            let app = try PseudoTerminal(arguments: ["--env", served.file.path, "--locale", "en-US"])
            var at = try app.waitFor("\rwelcome> \u{1B}[K")
            for (line, next) in [
                ("tap sign-in", "sign-in> "), ("type identifier 123.456.789-09", "sign-in> "),
                ("tap next", "sign-in-password> "), ("type password 123456", "sign-in-password> "),
                (#"server fault "POST /challenge/auth" hang x1"#, "sign-in-password> "),
            ] {
                app.type(line + "\r")
                at = try app.waitFor("\r\(next)\u{1B}[K", after: at)
            }
            app.type("tap next\r")
            at = try app.waitFor("Signing in…", after: at)
            app.type("\u{03}")  // Ctrl-C
            let said = try app.waitFor("Sign-in cancelled.", after: at, within: .seconds(60))
            try app.waitFor("\rsign-in-password> \u{1B}[K", after: said)
            let screen = String(app.drawn[at..<said])
            #expect(screen.contains("Password [password]: ••••••"), "the password is kept")
            let last = TerminalLines.lines(of: app.drawn)
            #expect(last.contains { $0.contains("[back] Back") && !$0.contains("Back (disabled)") }, "Back enabled")

            app.type("quit\r")
            #expect(app.exitStatus() == 0)
            #expect(served.stopServer())
        }
    }
}

extension CancelledSignInTests {
    @Test("Only a password sign-in's Next may be cut short by Ctrl-C; no other tap of any screen reached")
    func onlyTheSignInsNextEndsOnInterrupt() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        var seen: [String: Set<String>] = [app.snapshot().name: app.snapshot().interruptibleActions]
        for line in [
            "tap sign-in", "type identifier 123.456.789-09", "tap next", "type password 123456", "tap next",
            "tap profile", "tap back", "tap logout",
        ] {
            let command = try #require(try ScriptParser.parse(line))
            _ = try await CommandExecutor(app: app).execute(command)
            seen[app.snapshot().name] = app.snapshot().interruptibleActions
        }
        #expect(seen["sign-in-password"] == ["next"])
        let others = seen.filter { $0.key != "sign-in-password" }
        #expect(others.values.allSatisfy { $0.isEmpty }, "\(seen)")
        #expect(seen.keys.contains("dashboard") && seen.keys.contains("profile"))
        await app.shutDown()
    }
}
