import Composition
import Ports
import Testing

@testable import GatehouseApp

/// The script language of docs/spec/script-language.md: every command of its
/// table parses, and a bad line says what is wrong and what would be right.
@Suite("Script parser")
struct ScriptParserTests {
    /// One example of every row of docs/spec/script-language.md, "The words".
    static let commands: [(line: String, command: ScriptCommand)] = [
        ("tap next", .tap("next")),
        ("type identifier 123.456.789-09", .type(field: "identifier", text: "123.456.789-09")),
        ("type name Ana Maria Souza", .type(field: "name", text: "Ana Maria Souza")),
        ("open 3", .open(3)),
        ("refresh", .refresh),
        ("background", .background),
        ("foreground", .foreground),
        ("wait 500ms", .wait(.milliseconds(500))),
        ("wait 61s", .wait(.seconds(61))),
        ("wait 5m", .wait(.seconds(300))),
        ("wait 168h", .wait(.seconds(604_800))),
        ("wait 4m until screen dashboard", .wait(.seconds(240), until: .screen("dashboard"))),
        ("wait 2m until text You are also signed out", .wait(.seconds(120), until: .text("You are also signed out"))),
        ("relaunch", .relaunch),
        ("server health up", .serverHealth(up: true)),
        ("server health down", .serverHealth(up: false)),
        ("server user 12345678909 active", .serverUser(cpf: "12345678909", state: .active)),
        ("server user 123.456.789-09 inactive", .serverUser(cpf: "123.456.789-09", state: .inactive)),
        ("server user 12345678909 deleted", .serverUser(cpf: "12345678909", state: .deleted)),
        ("server revoke", .serverRevoke),
        (
            #"server fault "GET /users/me" status 500 x1"#,
            .serverFault(route: "GET /users/me", mode: .status(500), count: 1)
        ),
        (
            #"server fault "GET /users/me" delay 2s"#,
            .serverFault(route: "GET /users/me", mode: .delay(.seconds(2)), count: 1)
        ),
        (#"server fault "GET /users/me" drop"#, .serverFault(route: "GET /users/me", mode: .drop, count: 1)),
        (
            #"server fault "GET /users/me" malformed x3"#,
            .serverFault(route: "GET /users/me", mode: .malformed, count: 3)
        ),
        (
            #"server fault "POST /challenge/auth" hang"#,
            .serverFault(route: "POST /challenge/auth", mode: .hang, count: 1)
        ),
        ("server fault GET /health status 503 x2", .serverFault(route: "GET /health", mode: .status(503), count: 2)),
        ("server clear-faults", .serverClearFaults),
        ("server slows-down", .person(.serverSlowsDown)),
        ("person signs-in 123.456.789-09 123456", .person(.signsIn(identifier: "123.456.789-09", password: "123456"))),
        (
            "person signs-in maria@example.com 123456",
            .person(.signsIn(identifier: "maria@example.com", password: "123456"))
        ),
        ("person denies", .person(.denies)),
        ("person answers-another-attempt", .person(.answersForAnotherAttempt)),
        ("store full", .storeFault(.full)),
        ("store unavailable", .storeFault(.unavailable)),
        ("store ok", .storeFault(.none)),
        ("network off", .network(connected: false)),
        ("network on", .network(connected: true)),
        ("expect screen sign-in-password", .expectScreen("sign-in-password")),
        ("expect enabled next", .expectEnabled("next")),
        ("expect disabled next", .expectDisabled("next")),
        ("expect loading", .expectLoading(true)),
        ("expect not-loading", .expectLoading(false)),
        ("expect text Olá, Maria Silva!", .expectText("Olá, Maria Silva!")),
        ("expect no-text Sua sessão expirou", .expectNoText("Sua sessão expirou")),
        ("expect state session-expired", .expectState("session-expired")),
        ("expect health server-down", .expectHealth("server-down")),
        ("expect stored-session yes", .expectStoredSession(true)),
        ("expect stored-session no", .expectStoredSession(false)),
        ("expect local-data yes", .expectLocalData(true)),
        ("expect local-data no", .expectLocalData(false)),
        ("expect metric refreshes == 12", .expectMetric(name: "refreshes", comparison: .equal, value: 12)),
        ("expect metric logins <= 1", .expectMetric(name: "logins", comparison: .atMost, value: 1)),
        (
            "expect metric refreshesRejected >= 0",
            .expectMetric(name: "refreshesRejected", comparison: .atLeast, value: 0)
        ),
        (
            "expect metric requests.GET /users/me == 2",
            .expectMetric(name: "requests.GET /users/me", comparison: .equal, value: 2)
        ),
    ]

    @Test("Every command of the words' table parses", arguments: commands)
    func commandParses(_ line: String, _ expected: ScriptCommand) throws {
        #expect(try ScriptParser.parse(line) == expected)
    }

    @Test(
        "Every action of the specification's list parses in tap, expect enabled and expect disabled",
        arguments: [
            "sign-in", "sign-up", "next", "back", "submit", "logout", "statement", "profile", "related", "save",
            "delete-account", "confirm", "re-authenticate", "retry",
        ])
    func actionParses(_ action: String) throws {
        #expect(try ScriptParser.parse("tap \(action)") == .tap(action))
        #expect(try ScriptParser.parse("expect enabled \(action)") == .expectEnabled(action))
        #expect(try ScriptParser.parse("expect disabled \(action)") == .expectDisabled(action))
    }

    @Test(
        "Every field of the specification's list parses in type",
        arguments: ["identifier", "password", "name", "email", "cpf", "confirm"])
    func fieldParses(_ field: String) throws {
        #expect(try ScriptParser.parse("type \(field) some text") == .type(field: field, text: "some text"))
    }

    @Test(
        "Every screen of the specification's list parses in expect screen",
        arguments: [
            "startup", "system-unavailable", "welcome", "sign-in", "sign-in-password", "sign-up", "dashboard",
            "statement",
            "entry-details", "profile", "related-users", "session-expired",
        ])
    func screenParses(_ screen: String) throws {
        #expect(try ScriptParser.parse("expect screen \(screen)") == .expectScreen(screen))
    }

    @Test(
        "Every state and health status parses",
        arguments: ["loading", "unauthenticated", "authenticated", "session-expired"])
    func stateParses(_ state: String) throws {
        #expect(try ScriptParser.parse("expect state \(state)") == .expectState(state))
    }

    @Test("Every health status parses", arguments: ["unknown", "healthy", "server-down", "offline"])
    func healthParses(_ health: String) throws {
        #expect(try ScriptParser.parse("expect health \(health)") == .expectHealth(health))
    }

    @Test("Blank lines and comments are no command; a comment may follow a command")
    func commentsAndBlanks() throws {
        #expect(try ScriptParser.parse("") == nil)
        #expect(try ScriptParser.parse("   ") == nil)
        #expect(try ScriptParser.parse("# a comment") == nil)
        #expect(try ScriptParser.parse("   # an indented comment") == nil)
        #expect(try ScriptParser.parse("wait 6m  # the refresh window closes") == .wait(.seconds(360)))
        #expect(try ScriptParser.parse("  tap next\r") == .tap("next"))
        #expect(try ScriptParser.parse("expect text a#b") == .expectText("a#b"), "a # inside a word is text")
    }

    @Test(
        "A bad line says what is wrong",
        arguments: [
            ("jump next", "unknown command 'jump': commands are tap, type, open"),
            ("wait", "'' is not a duration: write it like 500ms, 61s, 5m or 1h"),
            ("wait 5", "'5' is not a duration: write it like 500ms, 61s, 5m or 1h"),
            ("wait five s", "'five s' is not a duration"),
            ("wait 2d", "'2d' is not a duration"),
            (
                #"server fault "GET /users/me" explode"#,
                #"usage: server fault "METHOD /path" status N|delay DURATION|drop|malformed|hang [xCOUNT]"#
            ),
            (#"server fault "GET /users/me status 500"#, "usage: server fault"),
            ("store", "usage: store full|unavailable|ok"),
            ("store broken", "usage: store full|unavailable|ok"),
            ("network", "usage: network off|on"),
            ("network down", "usage: network off|on"),
            (#"server fault "GET /users/me" status 999"#, "a fault's status is an error status, 400 to 599"),
            (#"server fault "GET /users/me" status 204"#, "a fault's status is an error status, 400 to 599"),
            (#"server fault "GET /users/me" status"#, "usage: server fault"),
            (#"server fault "GET /users/me" drop x0"#, "usage: server fault"),
            (#"server fault "GET /users/me" delay soon"#, "'soon' is not a duration"),
            ("expect screen home", "unknown screen 'home': screens are startup, system-unavailable, welcome"),
            ("expect screen", "usage: expect screen NAME"),
            ("expect state happy", "unknown state 'happy'"),
            ("expect health fine", "unknown health 'fine'"),
            ("expect stored-session maybe", "usage: expect stored-session yes|no"),
            ("expect metric refreshes = 1", "usage: expect metric NAME ==|<=|>= N"),
            ("expect colour blue", "unknown expectation 'colour'"),
            ("server health sideways", "usage: server health up|down"),
            ("server user 12345678909 asleep", "usage: server user CPF active|inactive|deleted"),
            ("server reboot", "unknown server command 'reboot'"),
            ("relaunch now", "usage: relaunch (takes nothing more)"),
            ("tap", "usage: tap ACTION"),
            ("type", "usage: type FIELD TEXT"),
            ("open 0", "usage: open N (N from 1)"),
        ])
    func badLine(_ line: String, _ message: String) {
        #expect {
            _ = try ScriptParser.parse(line)
        } throws: { error in
            (error as? ScriptParseError)?.message.hasPrefix(message) == true
        }
    }

    @Test("A whole script is read first: its commands with their line numbers, and every bad line")
    func wholeScript() {
        let parsed = ParsedScript(
            parsing: "# purpose\n\ntap sign-in\nwait 5 minutes\nexpect screen home\n  type password 123456  \n")

        #expect(parsed.lines.map(\.number) == [3, 6])
        #expect(parsed.lines.map(\.text) == ["tap sign-in", "type password 123456"])
        #expect(parsed.problems.map(\.number) == [4, 5])
        #expect(parsed.problems.first?.message.hasPrefix("'5 minutes' is not a duration") == true)
    }
}

@Suite("Script locale directive")
struct ScriptLocaleDirectiveTests {
    @Test(
        arguments: [
            ("# locale: en-US\ntap sign-in", "en-US"), ("\n# the purpose\n# locale: es-ES\ntap sign-in", "es-ES"),
            ("tap sign-in\n# locale: en-US", nil), ("# locale: fr-FR\ntap sign-in", nil), ("# locale en-US", nil),
            ("", nil),
        ])
    func localeIsReadBeforeTheFirstCommand(script: String, locale: String?) {
        #expect(ScriptRunner.locale(declaredIn: script)?.rawValue == locale)
    }
}
