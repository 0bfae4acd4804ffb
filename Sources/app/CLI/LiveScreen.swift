import Observation

/// The screen in interactive mode, kept live: it watches everything the
/// rendered screen reads from the view models (Observation) and prints the
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
        watch()
    }

    func stop() {
        isWatching = false
    }

    /// The screen after a command: the text to print, or nil when it is the
    /// one already shown (live or not).
    func afterCommand() -> String? {
        let now = app.renderedScreen()
        guard now != shown else { return nil }
        shown = now
        return now
    }

    private func watch() {
        guard isWatching else { return }
        withObservationTracking {
            _ = app.renderedScreen()
        } onChange: { [weak self] in
            // Called before the change is stored: the screen is read after it, on the main actor.
            Task { @MainActor [weak self] in self?.changed() }
        }
    }

    private func changed() {
        guard isWatching else { return }
        let now = app.renderedScreen()
        if now != shown {
            shown = now
            printLive(Self.marker + "\n" + now)
        }
        watch()
    }
}
