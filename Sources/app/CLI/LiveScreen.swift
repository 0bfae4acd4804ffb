/// The screen in interactive mode, kept live: through the app's drawn
/// screen it watches everything the screen reads from the view models
/// (Observation) and prints the
/// screen again whenever that changes — a busy state as it begins (signing
/// in, loading, saving, deleting), a background change as it happens (health
/// down or up, the session ended by the server, a refresh that failed) —
/// not only after a command. Each such redraw is marked, so a reader sees it
/// was not typed. Scripts never use it: their transcripts keep one screen per
/// command.
@MainActor
final class LiveScreen {
    /// The line printed above a redraw nobody typed for.
    static let marker = "↻ live"

    private let app: HeadlessApp
    /// Prints a live redraw (above the line being typed, on a terminal).
    private let printLive: (String) -> Void
    /// The screen as last printed, live or after a command.
    private(set) var shown: String
    private var isWatching = false

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
            printLive(Self.marker + "\n" + now)
        }
    }
}
