public import Ports

/// What the PIN screen can do: unlock, or give up on the PIN.
@MainActor
public protocol PINUnlockUseCase: AnyObject {
    /// Checks `pin` while the app is PIN-locked: right, the signed-in area is
    /// shown; wrong, the attempts left are said, and the last one expires the
    /// session. Outside the lock it refuses as `.unavailable`.
    func unlock(with pin: PIN) async -> PINEntryOutcome
    /// "Forgot PIN": expires the session on purpose (tokens cleared, local
    /// data kept, the PIN removed), so the user signs in with the password.
    func forgotPIN() async
}

/// What the security screen can do with the signed-in user's PIN.
@MainActor
public protocol PINSettingsUseCases: AnyObject {
    /// Whether a PIN is set; nil when the PIN store cannot be read.
    func isPINSet() async -> Bool?
    /// Checks the current PIN before a change or a removal; a wrong one counts
    /// as on the PIN screen, and the last attempt expires the session.
    func confirmCurrentPIN(_ pin: PIN) async -> PINEntryOutcome
    /// Sets (or replaces) the PIN; nil when it was set, else why not.
    func setPIN(_ pin: PIN) async -> PINProblem?
    /// Removes the PIN; nil when it is gone, else why not.
    func removePIN() async -> PINProblem?
}
