/// The screen in interactive mode, kept live: through the app's drawn
/// screen it watches everything the screen reads from the view models
/// (Observation) and prints the
/// screen again whenever that changes — a busy state as it begins (signing
/// in, loading, saving, deleting), a background change as it happens (health
/// down or up, the session ended by the server, a refresh that failed) —
/// not only after a command. A redraw while no typed line is being answered
/// (between commands, or during a `wait`) is marked, so a reader sees it was
/// not typed; one while a command runs (its busy state) is that command's
/// answer and is not. Scripts never use it: their transcripts keep one
/// screen per command.
@MainActor
final class LiveScreen {
    /// The line printed above a redraw nobody typed for.
    static let marker = "↻ live"

    private let app: HeadlessApp
    /// Prints a redraw (above the line being typed, on a terminal).
    private let printLive: (String) -> Void
    /// The screen as last printed, live or after a command.
    private(set) var shown: String
    private var isWatching = false
    /// Whether a typed command (other than `wait`) is being answered now.
    private var isAnswering = false

    init(app: HeadlessApp, shown: String, printLive: @escaping (String) -> Void) {
        self.app = app
        self.shown = shown
        self.printLive = printLive
    }

    /// Starts watching; a change is printed once the main actor is free to.
    func start() {
        isWatching = true
        app.listenToScreenChanges { [weak self] in self?.changed() }
        // Draws the screen if it is stale, so what it reads is watched from now on.
        _ = app.renderedScreen()
    }

    func stop() {
        isWatching = false
        app.listenToScreenChanges(nil)
    }

    /// A typed command begins: until `afterCommand`, what changes is its
    /// answer — unless it is a `wait`, during which the world moves by itself.
    func commandBegins(isWait: Bool) {
        isAnswering = !isWait
    }

    /// The typed command was answered (or failed): what changes now is not its answer.
    func commandEnds() {
        isAnswering = false
    }

    /// The screen as it is now, printed again whatever was shown (the
    /// `screen` word).
    func reprint() -> String {
        shown = app.renderedScreen()
        return shown
    }

    /// The screen after a command: the text to print, or nil when it is the
    /// one already shown (live or not). When the live screen has already
    /// drawn it, it is not drawn again.
    func afterCommand() -> String? {
        let now = app.renderedScreen()
        guard now != shown else { return nil }
        shown = now
        return now
    }

    /// What the screen was drawn from changed: drawing it again (the app
    /// draws only if it is stale) watches the new state.
    private func changed() {
        guard isWatching else { return }
        let now = app.renderedScreen()
        if now != shown {
            shown = now
            printLive(isAnswering ? now : Self.marker + "\n" + now)
        }
    }
}
