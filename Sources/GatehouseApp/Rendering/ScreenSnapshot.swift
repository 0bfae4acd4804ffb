/// One screen as the headless app shows it — what an iOS view would draw:
/// a title, content lines, fields, and actions as words. Rendered from view
/// models only; it never sees a token or a password. Like a SwiftUI view,
/// each action carries what a tap does and each field how typing sets it,
/// so what a screen shows and what its words do are written in one place.
struct ScreenSnapshot: Sendable, Equatable {
    struct Field: Sendable, Equatable {
        /// The word scripts use (`type identifier …`).
        let name: String
        let label: String
        /// What the screen shows: the text typed, or bullets for a secret.
        let shown: String
        /// A problem shown beside the field, if any.
        var problem: String?
        /// Puts typed text into the view model, as a SwiftUI binding would.
        let set: @MainActor @Sendable (String) -> Void

        /// Equal when they look the same: the setter is left out, since
        /// closures cannot be compared and tests compare what is shown.
        static func == (lhs: Field, rhs: Field) -> Bool {
            lhs.name == rhs.name && lhs.label == rhs.label && lhs.shown == rhs.shown && lhs.problem == rhs.problem
        }
    }

    struct Action: Sendable, Equatable {
        /// The word scripts use (`tap next`).
        let name: String
        let label: String
        let isEnabled: Bool
        /// The work a tap starts, as SwiftUI's `Button(action:)`.
        let perform: @MainActor @Sendable () async -> Void

        /// Equal when they look the same: the work is left out, since
        /// closures cannot be compared and tests compare what is shown.
        static func == (lhs: Action, rhs: Action) -> Bool {
            lhs.name == rhs.name && lhs.label == rhs.label && lhs.isEnabled == rhs.isEnabled
        }
    }

    /// Numbered entries a screen lists (the statement's), and how one opens.
    struct Entries: Sendable, Equatable {
        let count: Int
        /// Opens entry `number`, counted from 1 as the screen numbers them.
        let open: @MainActor @Sendable (_ number: Int) async -> Void

        /// Equal when they look the same: the work is left out, since
        /// closures cannot be compared and tests compare what is shown.
        static func == (lhs: Entries, rhs: Entries) -> Bool {
            lhs.count == rhs.count
        }
    }

    /// The name scripts use (`expect screen sign-in`).
    let name: String
    let title: String
    var lines: [String] = []
    var fields: [Field] = []
    var actions: [Action] = []
    /// Set when the screen lists entries that `open N` opens.
    var entries: Entries?
    /// A placeholder is on screen while something loads.
    var isLoading = false
    /// Actions this screen would have on another backend, each with why it
    /// is not offered here, so that a tap on one is told why, not "no such action".
    var actionsNotOffered: [String: NotOfferedReason] = [:]
    /// Fields this screen would have on another backend, each with why it is
    /// not offered here (a `type` into one is told why).
    var fieldsNotOffered: [String: NotOfferedReason] = [:]
    /// The action that ends a wait for the person (the browser or another
    /// device): Ctrl-C at the prompt taps it, as it ends a real-time `wait`.
    var endsWaitOnInterrupt: String?
    /// The actions whose tap Ctrl-C may end while it waits on the server,
    /// undoing nothing: a password sign-in's Next (nothing is kept until
    /// the backend answers). Every other tap runs to its end — a logout, a
    /// deletion or an edit cut short could be done at the server and not
    /// here.
    var interruptibleActions: Set<String> = []

    func action(named name: String) -> Action? {
        actions.first { $0.name == name }
    }

    func field(named name: String) -> Field? {
        fields.first { $0.name == name }
    }

    /// The width the screen is drawn at when the terminal's is unknown.
    static let defaultColumns = 80

    /// The screen as text, the same every time for the same state. Each of
    /// its lines is one line: a line break inside a piece of it (a server's
    /// name, a description) is shown as `^J`, so server data cannot draw a
    /// line of the screen's frame, a field or an action of its own. (Every
    /// other control character is the console's to escape, as it prints.)
    /// With `columns`, the title and content lines wrap at word boundaries to
    /// that width (continued under `│   `) and the action bar breaks between actions,
    /// never inside one's `[name]`; without, each line is whole.
    func rendered(disabledWord: String, columns: Int? = nil) -> String {
        let shown = TerminalText.showingLineBreaks
        let width = columns ?? Int.max
        func wrapped(_ text: String) -> [String] {
            guard columns != nil else { return ["│ " + text] }
            return WordWrap.lines(text, first: "│ ", continuation: "│   ", columns: width)
        }
        // The title line wraps as any other, so a narrow terminal never cuts a word of it.
        var output =
            columns == nil
            ? ["┌─ \(shown(title)) · \(name)"]
            : WordWrap.lines("\(shown(title)) · \(name)", first: "┌─ ", continuation: "│   ", columns: width)
        output += lines.flatMap { wrapped(shown($0)) }
        for field in fields {
            var line = "\(shown(field.label)) [\(field.name)]: \(shown(field.shown))"
            if let problem = field.problem { line += "  ← \(shown(problem))" }
            output += wrapped(line)
        }
        if !actions.isEmpty {
            let words = actions.map { action in
                action.isEnabled
                    ? "[\(action.name)] \(shown(action.label))"
                    : "[\(action.name)] \(shown(action.label)) (\(disabledWord))"
            }
            output +=
                columns == nil
                ? ["│ " + words.joined(separator: "   ")]
                : WordWrap.packed(words, separator: "   ", first: "│ ", continuation: "│ ", columns: width)
        }
        output.append("└─")
        return output.joined(separator: "\n")
    }
}
