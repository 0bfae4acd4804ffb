public import Observation
import Ports

/// The PIN screen (docs/spec/pin-lock.md): shown instead of anything signed
/// in while the session is locked. Four digits unlock; a wrong PIN says how
/// many attempts are left; "Forgot PIN" expires the session on purpose.
@MainActor
@Observable
public final class PINLockViewModel {
    /// The PIN as typed so far; cleared after every attempt.
    public var pin = ""
    /// Why the last attempt did not unlock; nil before the first.
    public private(set) var problem: PINProblem?
    /// An attempt is being checked (hashing takes a moment: the screen says so).
    public private(set) var isChecking = false
    /// A forgotten PIN is ending the session: nothing is checked.
    public private(set) var isEndingSession = false
    /// An attempt is being checked or the session ended: nothing else is taken meanwhile.
    public var isBusy: Bool { isChecking || isEndingSession }
    @ObservationIgnored private let session: any PINUnlockUseCase

    /// A PIN screen with nothing typed.
    ///
    /// - Parameter session: unlocks, or expires the session for a forgotten PIN.
    public init(session: any PINUnlockUseCase) {
        self.session = session
    }

    /// Unlock is offered once four digits are typed (anything else is not a
    /// PIN, and is not counted as an attempt).
    public var isUnlockEnabled: Bool { !isBusy && PIN(pin).weakness != .notFourDigits }

    /// Checks the typed PIN. Right: the root shows the signed-in area. Wrong:
    /// `problem` says how many attempts are left; the last one expires the
    /// session and the root moves on.
    public func unlock() async {
        guard isUnlockEnabled else { return }
        isChecking = true
        let outcome = await session.unlock(with: PIN(pin))
        pin = ""
        isChecking = false
        if case .refused(let problem) = outcome { self.problem = problem }
    }

    /// "Forgot PIN": the session expires (tokens cleared, local data kept) and
    /// the user signs in with the password.
    public func forgotPIN() async {
        guard !isBusy else { return }
        isEndingSession = true
        await session.forgotPIN()
        isEndingSession = false
    }
}
