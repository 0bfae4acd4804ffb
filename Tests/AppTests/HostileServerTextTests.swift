import AdapterInMemory
import SimulatedBackend
import Composition
import DomainCore
import Testing

@testable import GatehouseApp
import CompositionTesting

/// A hostile server, a hostile name (issue 24): text from the server —
/// a related user's name, a statement entry, every field of its details —
/// carries terminal control sequences, C1 controls and bidi overrides, and
/// the interactive app shows every signed-in screen without one of them
/// reaching the terminal.
@MainActor
@Suite("Hostile server text")
struct HostileServerTextTests {
    /// Retitles the window, clears the screen, homes the cursor, opens a CSI
    /// and an OSC 8 link as C1 controls, reverses the text that follows,
    /// sets the clipboard (OSC 52), and ends with DEL.
    nonisolated static let hostile =
        "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[H\u{9B}31m\u{9D}8;;http://evil\u{9C}\u{202E}gnp.exe\u{2066}"
        + "\u{1B}]52;c;cHduZWQ=\u{07}\u{7F}"
    /// `hostile` as the terminal must show it.
    nonisolated static let hostileShown =
        "^[]0;PWNED^G^[[2J^[[H\\u{9B}31m\\u{9D}8;;http://evil\\u{9C}\\u{202E}gnp.exe\\u{2066}^[]52;c;cHduZWQ=^G^?"

    /// The code points in `written` that act on a terminal — a control
    /// character but the line feed, a C1 control, a bidi control — as
    /// `U+1B`, one each (so a failure names them without printing them).
    /// The bytes 0x1B (ESC) and 0x07 (BEL) are such scalars; 0x9B and 0x9D
    /// reach a UTF-8 terminal as controls only as U+009B and U+009D.
    /// (Written out here, not taken from `TerminalText`, so a scalar it forgot is caught.)
    static func controls(in written: String) -> [String] {
        let bidi: Set<UInt32> = [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ]
        let found = written.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value) || bidi.contains(value)
        }
        return Set(found).sorted().map { "U+" + String($0, radix: 16, uppercase: true) }
    }

    @Test("Every signed-in screen, over HTTP, shows the server's control characters escaped and sends none")
    func signedInScreensEscapeServerText() async throws {
        let served = try InProcessServerWorld(from: .local)
        defer { served.tearDown() }
        let hostile = Self.hostile
        // Maria's own name and every text of her statement, from the server's side.
        try await served.backend.rewriteServedTexts(ofCPF: "12345678909") { $0 + hostile }
        let transcript = Transcript()
        let app = HeadlessApp(world: served.world, texts: Texts(locale: .enUS))
        let prelude = [
            // João names himself with the sequence through the profile (PATCH /users/me) …
            "tap sign-in", "type identifier 529.982.247-25", "tap next", "type password 654321", "tap next",
            "tap profile", "type name João\(hostile)", "tap save", "expect text PWNED", "tap back", "tap logout",
            // … and Maria, his related user, opens every screen of hers.
            "tap sign-in", "type identifier 123.456.789-09", "tap next", "type password 123456", "tap next",
            "expect screen dashboard",
        ]
        let walk = SignedInAreaWalk(app: app, prelude: prelude)
        let lines = LineSource(next: { _, _, _, _, _ in walk.nextLine() })
        let code = await InteractiveSession(app: app, console: transcript.console, lines: lines).run()
        #expect(code == 0)
        #expect(!transcript.output.contains { $0.hasPrefix("✘") }, "\(transcript.text)")

        #expect(Self.controls(in: transcript.written).isEmpty)
        // Nothing of the app's own drawing is sent on this path: no control sequence at all.
        #expect(!transcript.pieces.contains { if case .control = $0 { true } else { false } })

        // Every screen of the signed-in area was drawn, the walk finding each from the dashboard's
        // links (a statement's entries opened); none is named here but the one that shows no
        // server text (the PIN's settings).
        #expect(Set(walk.reached.keys) == Set(SignedInScreen.allCases), "the walk reached \(walk.reached.keys)")
        for (screen, name) in walk.reached where screen != .security {
            let shown = transcript.output.filter { $0.contains(" · \(name)\n") }
            #expect(shown.contains { $0.contains(Self.hostileShown) }, "\(name) does not show the server's text")
        }
        // Every field of the details: the entry, the counterparty, each party's name, bank, agency and account.
        let details = try #require(transcript.output.last { $0.contains(" · entry-details\n") })
        #expect(details.components(separatedBy: Self.hostileShown).count - 1 >= 16, "\(details)")
    }
}

/// Walks the signed-in area as a person would, from the dashboard: each of its
/// links but logout in turn, the first entry of any list of entries, and back —
/// the lines an interactive session reads, after a prelude. It records each
/// screen it reached (`SignedInScreen`) with the name it is drawn under.
@MainActor
final class SignedInAreaWalk {
    private let app: HeadlessApp
    private var prelude: [String]
    private var tried: Set<String> = []
    private var opened: Set<SignedInScreen> = []
    private(set) var reached: [SignedInScreen: String] = [:]
    /// Links that end the walk's session rather than open a screen.
    private static let leavesTheArea: Set<String> = ["logout"]

    init(app: HeadlessApp, prelude: [String]) {
        self.app = app
        self.prelude = prelude
    }

    func nextLine() -> String? {
        if !prelude.isEmpty { return prelude.removeFirst() }
        let snapshot = app.snapshot()
        guard let screen = app.main.signedInArea?.destination.route.screen else { return "quit" }
        reached[screen] = snapshot.name
        guard screen == .dashboard else {
            if snapshot.entries.map({ $0.count > 0 }) == true, opened.insert(screen).inserted { return "open 1" }
            return "tap back"
        }
        let next = snapshot.actions.first { action in
            action.isEnabled && !Self.leavesTheArea.contains(action.name) && !tried.contains(action.name)
        }
        guard let next else { return "quit" }
        tried.insert(next.name)
        return "tap \(next.name)"
    }
}
