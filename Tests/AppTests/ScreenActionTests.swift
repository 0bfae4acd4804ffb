import Composition
import Testing

@testable import GatehouseApp
import CompositionTesting

/// Each rendered action carries its own work and each field its own setter:
/// a tap on every action a reachable screen shows does what it says, typing
/// into every field it shows changes what it shows, and words the screen
/// does not offer fail as before.
@MainActor
@Suite("Screen actions", ShutsDownItsApps())
struct ScreenActionTests {
    /// A screen reached from launch by script lines, and, for every action it
    /// shows enabled, script expectations that hold once that action is tapped.
    struct Visit: Sendable, CustomTestStringConvertible {
        let screen: String
        let lines: [String]
        let effects: [String: [String]]

        var testDescription: String {
            lines.isEmpty ? screen : "\(screen) after … \(lines.suffix(2).joined(separator: ", "))"
        }
    }

    nonisolated static let signIn = [
        "tap sign-in", "type identifier 123.456.789-09", "tap next", "type password 123456", "tap next",
    ]

    /// From the dashboard: the security screen, a PIN set (typed twice), back on its overview.
    nonisolated static let setPIN = [
        "tap security", "tap set-pin", "type pin 2580", "tap next", "type pin 2580", "tap next",
    ]

    nonisolated static let visits = [
        Visit(
            screen: "welcome", lines: [],
            effects: ["sign-in": ["expect screen sign-in"], "sign-up": ["expect screen sign-up"]]),
        Visit(
            screen: "sign-in", lines: ["tap sign-in", "type identifier 123.456.789-09"],
            effects: [
                "next": ["expect screen sign-in-password"], "back": ["expect screen welcome"],
                "sign-up": ["expect screen sign-up"],
            ]),
        Visit(
            screen: "sign-in-password",
            lines: ["tap sign-in", "type identifier 123.456.789-09", "tap next", "type password 123456"],
            effects: [
                "next": ["expect screen dashboard", "expect state authenticated"], "back": ["expect screen sign-in"],
            ]),
        Visit(
            screen: "sign-up",
            lines: [
                "tap sign-up", "type name Ana Souza", "type email ana@example.com", "type cpf 111.444.777-35",
                "type password 246810", "type confirm 246810",
            ],
            effects: [
                "submit": ["expect screen sign-in", "expect metric requests.POST /users == 1"],
                "back": ["expect screen welcome"],
            ]),
        Visit(
            screen: "dashboard", lines: signIn,
            effects: [
                "statement": ["expect screen statement"], "profile": ["expect screen profile"],
                "related": ["expect screen related-users"], "security": ["expect screen security"],
                "session": ["expect screen session-details"],
                "logout": ["expect screen welcome", "expect state unauthenticated"],
            ]),
        Visit(
            screen: "session-details", lines: signIn + ["tap session"],
            effects: ["back": ["expect screen dashboard"]]),
        Visit(
            screen: "security", lines: signIn + ["tap security"],
            effects: [
                "set-pin": ["expect text Choose a 4-digit PIN."], "back": ["expect screen dashboard"],
            ]),
        Visit(
            screen: "security", lines: signIn + ["tap security", "tap set-pin", "type pin 2580"],
            effects: [
                "next": ["expect text Enter the new PIN again."], "cancel": ["expect text PIN lock: off."],
            ]),
        Visit(
            screen: "security", lines: signIn + setPIN,
            effects: [
                "change-pin": ["expect text Enter your current PIN."],
                "remove-pin": ["expect text Enter your current PIN."], "back": ["expect screen dashboard"],
                "lock-after-0": ["expect text The PIN is asked at every return to the app."],
                "lock-after-1": ["expect text The PIN is asked after 1 min in the background."],
                "lock-after-2": ["expect text The PIN is asked after 2 min in the background."],
            ]),
        Visit(
            screen: "pin-lock", lines: signIn + setPIN + ["relaunch", "type pin 2580"],
            effects: [
                "unlock": ["expect screen dashboard"],
                "forgot-pin": ["expect screen session-expired", "expect local-data yes"],
            ]),
        Visit(
            screen: "statement", lines: signIn + ["tap statement"],
            effects: [
                "refresh": ["expect screen statement", "expect metric requests.GET /challenge/list == 2"],
                "back": ["expect screen dashboard"],
            ]),
        Visit(
            screen: "statement", lines: signIn + [#"server fault "GET /challenge/list" status 500"#, "tap statement"],
            effects: [
                "refresh": ["expect no-text [retry]", "expect metric requests.GET /challenge/list == 2"],
                "retry": ["expect no-text [retry]", "expect metric requests.GET /challenge/list == 2"],
                "back": ["expect screen dashboard"],
            ]),
        Visit(
            screen: "entry-details", lines: signIn + ["tap statement", "open 1"],
            effects: ["back": ["expect screen statement"]]),
        Visit(
            screen: "entry-details",
            lines: signIn + ["tap statement", #"server fault "GET /challenge/details/:id" status 500"#, "open 1"],
            effects: [
                "retry": ["expect no-text [retry]", "expect metric requests.GET /challenge/details/:id == 2"],
                "back": ["expect screen statement"],
            ]),
        Visit(
            screen: "profile", lines: signIn + ["tap profile", "type name Maria Souza Silva"],
            effects: [
                "language-pt-BR": ["expect text Idioma: Português (Brasil)"],
                "language-en-US": ["expect text Language: English (US)"],
                "language-es-ES": ["expect text Idioma: Español (España)"],
                "remember-identifier": ["expect text Remember my CPF at sign-in: yes"],
                "save": ["expect disabled save", "expect metric requests.PATCH /users/me == 1"],
                "delete-account": ["expect enabled confirm"],
                "back": ["expect screen dashboard"],
            ]),
        // While a delete waits for confirmation, back cancels it and stays.
        Visit(
            screen: "profile", lines: signIn + ["tap profile", "tap delete-account"],
            effects: [
                "confirm": ["expect screen welcome", "expect stored-session no"],
                "back": ["expect screen profile", "expect enabled delete-account"],
            ]),
        Visit(
            screen: "related-users", lines: signIn + ["tap related"],
            effects: [
                "select-1": ["expect text 1. [x] João da Silva", "expect enabled save"],
                "back": ["expect screen dashboard"],
            ]),
        Visit(
            screen: "related-users", lines: signIn + ["tap related", "tap select-1"],
            effects: [
                "deselect-1": ["expect text 1. [ ] João da Silva", "expect disabled save"],
                "save": ["expect metric requests.PUT /users/related == 1", "expect disabled save"],
                "back": ["expect screen dashboard"],
            ]),
        Visit(
            screen: "related-users", lines: signIn + [#"server fault "GET /users/related" status 500"#, "tap related"],
            effects: [
                "retry": ["expect no-text [retry]", "expect metric requests.GET /users/related == 2"],
                "back": ["expect screen dashboard"],
            ]),
        Visit(
            screen: "session-expired", lines: signIn + [#"server fault "GET /users/me" status 503"#, "relaunch"],
            effects: [
                "re-authenticate": ["expect screen sign-in"],
                "logout": ["expect screen welcome", "expect local-data no"],
            ]),
        Visit(
            screen: "system-unavailable", lines: ["server health down", "relaunch", "server health up"],
            effects: ["retry": ["expect screen welcome"]]),
    ]

    /// A launched app on virtual time, brought to a screen by script lines.
    private func app(after lines: [String]) async throws -> HeadlessApp {
        // Few PBKDF2 rounds for the PIN: a debug build's hash takes seconds at the app's 100,000.
        var environment = AppEnvironment.inMemory
        environment.settings.pinHashIterations = 64
        let app = HeadlessApp(world: try AppWorld(testing: environment), texts: Texts(locale: .enUS))
        AppsMadeInThisTest.current?.apps.append(app)
        await app.launch()
        for line in lines {
            guard let command = try ScriptParser.parse(line) else { continue }
            let outcome = try await CommandExecutor(app: app).execute(command)
            #expect(outcome == .performed, "\(line)")
        }
        return app
    }

    /// Whether every expectation holds on the app as it is now.
    private func allHold(_ expectations: [String], on app: HeadlessApp) async throws -> Bool {
        for line in expectations {
            guard let command = try ScriptParser.parse(line) else { continue }
            if try await CommandExecutor(app: app).execute(command) != .expectationHeld { return false }
        }
        return true
    }

    @Test(
        "Every action a screen shows enabled does its own work: what holds after the tap did not before",
        arguments: visits)
    func everyShownActionPerformsItsWork(_ visit: Visit) async throws {
        let shown = try await app(after: visit.lines).snapshot()
        #expect(shown.name == visit.screen)
        #expect(Set(shown.actions.filter(\.isEnabled).map(\.name)) == Set(visit.effects.keys))

        for (action, expectations) in visit.effects.sorted(by: { $0.key < $1.key }) {
            let app = try await app(after: visit.lines)
            let heldBefore = try await allHold(expectations, on: app)
            #expect(!heldBefore, "\(action) on \(visit.screen): its effect was there before the tap")
            try await app.tap(action)
            #expect(try await allHold(expectations, on: app), "\(action) on \(visit.screen): \(app.renderedScreen())")
        }
    }

    @Test("Every field a screen shows takes what is typed into it", arguments: visits)
    func everyShownFieldIsSetByTyping(_ visit: Visit) async throws {
        let app = try await app(after: visit.lines)
        for field in app.snapshot().fields {
            let before = try #require(app.snapshot().field(named: field.name))
            try await app.type(field.name, "7")
            let after = try #require(app.snapshot().field(named: field.name))
            #expect(after.shown != before.shown, "\(field.name) on \(visit.screen)")
            #expect(after.shown == "7" || after.shown == "•", "\(field.name) on \(visit.screen) shows \(after.shown)")
        }
    }

    @Test("An action the screen does not show is refused, naming the actions it has")
    func unknownActionIsRefused() async throws {
        let app = try await app(after: [])
        let actions = "its actions are sign-in, sign-up"
        #expect(
            (await #expect(throws: ScreenCommandError.self) { try await app.tap("nowhere") })?.message
                == "screen welcome has no action 'nowhere'; \(actions)")
        // An action of another screen is unknown here too.
        #expect(
            (await #expect(throws: ScreenCommandError.self) { try await app.tap("logout") })?.message
                == "screen welcome has no action 'logout'; \(actions)")
        #expect(app.snapshot().name == "welcome")
    }

    @Test("A disabled action is refused and does nothing")
    func disabledActionIsRefused() async throws {
        let app = try await app(after: ["tap sign-in"])
        let before = app.renderedScreen()
        #expect(
            (await #expect(throws: ScreenCommandError.self) { try await app.tap("next") })?.message
                == "action 'next' is disabled on screen sign-in")
        #expect(app.renderedScreen() == before)
    }

    @Test("A field the screen does not show is refused, naming the fields it has")
    func unknownFieldIsRefused() async throws {
        let app = try await app(after: [])
        #expect(
            (await #expect(throws: ScreenCommandError.self) { try await app.type("password", "123456") })?.message
                == "screen welcome has no field 'password'; it has none")
        try await app.tap("sign-in")
        #expect(
            (await #expect(throws: ScreenCommandError.self) { try await app.type("password", "123456") })?.message
                == "screen sign-in has no field 'password'; its fields are identifier")
    }

    @Test("open N opens an entry the statement lists, and only there")
    func openIsOfferedByTheStatementOnly() async throws {
        let app = try await app(after: Self.signIn)
        #expect(
            (await #expect(throws: ScreenCommandError.self) { try await app.open(1) })?.message
                == "screen dashboard has no statement to open an entry of")
        try await app.tap("statement")
        let count = try #require(app.snapshot().entries?.count)
        #expect(
            (await #expect(throws: ScreenCommandError.self) { try await app.open(count + 1) })?.message
                == "the statement has \(count) entries; there is no entry \(count + 1)")
        #expect(
            (await #expect(throws: ScreenCommandError.self) { try await app.open(0) })?.message
                == "the statement has \(count) entries; there is no entry 0")
        try await app.open(count)
        #expect(app.snapshot().name == "entry-details")
    }

    @Test("Snapshots compare by what they show: the same state is equal, a typed letter is not")
    func snapshotsCompareByWhatIsShown() async throws {
        let app = try await app(after: ["tap sign-in"])
        let before = app.snapshot()
        #expect(app.snapshot() == before)
        try await app.type("identifier", "1")
        #expect(app.snapshot() != before)
    }
}

/// Ends every app a test made once the test is over, as quitting does. An
/// app dropped while it still works — its start-up waiting for the server to
/// come back, its health poll asleep — stays alive with all it holds: the
/// waiting launch keeps the graph, and the graph the promise it waits on.
struct ShutsDownItsApps: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let made = AppsMade()
        do {
            try await AppsMadeInThisTest.$current.withValue(made) { try await function() }
        } catch {
            await made.shutDownAll()
            throw error
        }
        await made.shutDownAll()
    }
}

/// The apps one test made.
@MainActor
final class AppsMade {
    var apps: [HeadlessApp] = []

    func shutDownAll() async {
        for app in apps { await app.shutDown() }
        apps = []
    }
}

enum AppsMadeInThisTest {
    @TaskLocal static var current: AppsMade?
}
