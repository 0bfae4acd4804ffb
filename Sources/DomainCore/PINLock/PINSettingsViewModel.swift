public import Observation
import Ports

/// The security screen of the signed-in area (docs/spec/pin-lock.md): set,
/// change or remove the 4-digit PIN. A new PIN is typed twice; a weak one is
/// refused with its reason at the first entry; a change and a removal ask
/// for the current PIN first, counted as on the PIN screen.
@MainActor
@Observable
public final class PINSettingsViewModel {
    /// Where the screen is in setting, changing or removing the PIN.
    public enum Step: Sendable, Hashable {
        /// Whether a PIN is set, and what can be done.
        case overview
        /// Type the current PIN (before a change or a removal).
        case current
        /// Type the new PIN.
        case new
        /// Type the new PIN again.
        case confirm
    }

    /// What was just done, said on the overview.
    public enum Notice: Sendable, Hashable {
        /// A PIN was set where there was none.
        case set
        /// The PIN was replaced.
        case changed
        /// The PIN was removed.
        case removed
    }

    private enum Purpose {
        case set, change, remove
    }

    /// The step on screen.
    public private(set) var step = Step.overview
    /// Whether a PIN is set; nil until loaded, or when the PIN store cannot be read.
    public private(set) var isSet: Bool?
    /// The PIN as typed in the current step; cleared after every step.
    public var pin = ""
    /// Why the last entry did not go through; cleared when a step is left.
    public private(set) var problem: PINProblem?
    /// What the last finished action did.
    public private(set) var notice: Notice?
    /// A check or a write is in flight: nothing else is taken meanwhile.
    public private(set) var isBusy = false
    @ObservationIgnored private var purpose = Purpose.set
    @ObservationIgnored private var firstEntry: String?
    @ObservationIgnored private let session: any PINSettingsUseCases

    /// The screen on its overview, not loaded yet.
    ///
    /// - Parameter session: reads, checks, sets and removes the PIN.
    public init(session: any PINSettingsUseCases) {
        self.session = session
    }

    /// Whether the screen waits for `load()`'s first answer (nothing to say yet).
    public private(set) var showsPlaceholder = true

    /// Asks whether a PIN is set; an unreadable store is said as `.unavailable`.
    public func load() async {
        isSet = await session.isPINSet()
        problem = isSet == nil ? .unavailable : nil
        showsPlaceholder = false
    }

    /// Starts setting a PIN where none is set.
    public func startSetting() {
        guard step == .overview, isSet == false, !isBusy else { return }
        begin(.set, at: .new)
    }

    /// Starts changing the PIN: the current one first.
    public func startChanging() {
        guard step == .overview, isSet == true, !isBusy else { return }
        begin(.change, at: .current)
    }

    /// Starts removing the PIN: the current one first.
    public func startRemoving() {
        guard step == .overview, isSet == true, !isBusy else { return }
        begin(.remove, at: .current)
    }

    /// "Next" is offered once four digits are typed on a step.
    public var isNextEnabled: Bool { step != .overview && !isBusy && PIN(pin).weakness != .notFourDigits }

    /// Takes the typed PIN for the step on screen. While the PIN is hashed
    /// (checked, or saved) `isBusy` is set; it ends in the same moment as the
    /// step's outcome is shown, never after: a return from an `await` may
    /// let the screen draw, and a screen drawn between the two would show
    /// the outcome still "checking".
    public func next() async {
        guard isNextEnabled else { return }
        let entry = pin
        pin = ""
        switch step {
        case .overview:
            break
        case .current:
            isBusy = true
            await takeCurrent(entry)
        case .new:
            if let weakness = PIN(entry).weakness {
                problem = .weak(weakness)
                return
            }
            firstEntry = entry
            problem = nil
            step = .confirm
        case .confirm:
            isBusy = true
            await takeConfirmation(entry)
        }
    }

    /// Leaves the step on screen for the overview, changing nothing.
    public func cancel() {
        guard !isBusy else { return }
        step = .overview
        pin = ""
        firstEntry = nil
        problem = nil
    }

    private func begin(_ purpose: Purpose, at step: Step) {
        self.purpose = purpose
        self.step = step
        pin = ""
        firstEntry = nil
        problem = nil
        notice = nil
    }

    private func takeCurrent(_ entry: String) async {
        let outcome = await session.confirmCurrentPIN(PIN(entry))
        switch outcome {
        case .accepted where purpose == .remove:
            let problem = await session.removePIN()
            isBusy = false
            self.problem = problem
            if problem == nil { finish(.removed, isSet: false) }
        case .accepted:
            isBusy = false
            problem = nil
            step = .new
        case .refused(let refusal):
            isBusy = false
            problem = refusal
        case .sessionExpired:
            // The root has moved to the session-expired screen.
            isBusy = false
        }
    }

    private func takeConfirmation(_ entry: String) async {
        guard entry == firstEntry else {
            // Start again from the new PIN: both entries must agree.
            isBusy = false
            firstEntry = nil
            problem = .mismatch
            step = .new
            return
        }
        firstEntry = nil
        let problem = await session.setPIN(PIN(entry))
        isBusy = false
        self.problem = problem
        if problem == nil {
            finish(purpose == .change ? .changed : .set, isSet: true)
        } else {
            step = .new
        }
    }

    private func finish(_ notice: Notice, isSet: Bool) {
        self.notice = notice
        self.isSet = isSet
        step = .overview
    }
}
