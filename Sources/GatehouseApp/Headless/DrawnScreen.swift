import Composition
import DomainCore
import Observation
import Synchronization

/// The screen as last drawn, kept until something it was drawn from
/// changes: one command draws the screen once, and the next command finds
/// its action, Tab its words and the prompt its name on that same drawing.
///
/// What the drawing read from the view models is watched (Observation): a
/// change marks the drawing stale, and tells the live screen, when one
/// listens. What the screen shows from outside the view models (the
/// launch, the storage notices collected, the preferences' problems) is
/// compared as `Inputs` each time the screen is asked for.
@MainActor
final class DrawnScreen {
    /// What the screen shows that no observation sees.
    struct Inputs: Equatable {
        /// The launch's root view model (a relaunch makes a new one, and new texts).
        let main: ObjectIdentifier
        let pendingNotices: Int
        /// How many times the person acted (what was said once is gone after).
        let dismissals: Int
        /// The preferences the screens show (the profile's and the security
        /// screen's choices, the remembered identifier at sign-in).
        let language: AppLocale?
        let remembersLastIdentifier: Bool
        let lastIdentifier: String?
        let pinLockTimeout: Duration
        /// The preference saved last (the screen says it was saved).
        let lastPreferenceChange: LaunchPreferences.Change?
        let preferencesNotSaved: Bool
        let preferencesUnreadable: Bool
    }

    /// How many times the screen was drawn (what the one-render-per-command test counts).
    private(set) var drawCount = 0
    private var drawn: (inputs: Inputs, snapshot: ScreenSnapshot, rendered: String)?
    private let changes = ChangeSignal()
    /// Told, on the main actor, when what the screen was drawn from changed.
    private var listener: (@MainActor () -> Void)?

    /// The screen for `inputs`: the drawing kept when nothing it read has
    /// changed since, else a new one from `draw`.
    func screen(
        for inputs: Inputs, disabledWord: String, draw: () -> ScreenSnapshot
    ) -> (snapshot: ScreenSnapshot, rendered: String) {
        if let drawn, drawn.inputs == inputs, !changes.hasChanged {
            return (drawn.snapshot, drawn.rendered)
        }
        changes.reset()
        let snapshot = withObservationTracking {
            draw()
        } onChange: { [changes, weak self] in
            // Called as the change begins (before it is stored): the listener
            // reads the screen after it, on the main actor.
            if changes.markChanged() {
                Task { @MainActor in self?.listener?() }
            }
        }
        let rendered = snapshot.rendered(disabledWord: disabledWord)
        drawCount += 1
        drawn = (inputs, snapshot, rendered)
        return (snapshot, rendered)
    }

    /// Tells `listener` each time what the screen was drawn from changes; nil stops.
    func listen(_ listener: (@MainActor () -> Void)?) {
        self.listener = listener
        changes.setListening(listener != nil)
    }
}

/// Whether what the screen was drawn from has changed since: set from
/// Observation's callback, which is `@Sendable`, so it is held in a mutex.
private final class ChangeSignal: Sendable {
    private struct State {
        var changed = false
        var listening = false
    }

    private let state = Mutex(State())

    var hasChanged: Bool { state.withLock { $0.changed } }

    func reset() { state.withLock { $0.changed = false } }

    func setListening(_ listening: Bool) { state.withLock { $0.listening = listening } }

    /// Marks a change; whether a listener is to be told.
    func markChanged() -> Bool {
        state.withLock { state in
            state.changed = true
            return state.listening
        }
    }
}
