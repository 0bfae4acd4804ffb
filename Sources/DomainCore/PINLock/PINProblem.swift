public import Ports

/// Why a PIN entry did not go through, as the PIN screens show it. Never
/// carries the PIN.
public enum PINProblem: Sendable, Hashable {
    /// The new PIN may not be set (`PIN.weakness`); nothing changed.
    case weak(PINWeakness)
    /// The confirmation differs from the first entry; nothing changed.
    case mismatch
    /// The PIN is wrong; this many more wrong entries end the session.
    case wrong(attemptsLeft: Int)
    /// The PIN store could not be read or written: nothing was unlocked,
    /// set or removed (it fails closed).
    case unavailable
}

/// What an unlock or a check of the current PIN came to.
public enum PINEntryOutcome: Sendable, Hashable {
    /// The PIN is right.
    case accepted
    /// It did not go through; the screen says why.
    case refused(PINProblem)
    /// The last attempt was used up (or the user forgot the PIN): the session
    /// expired, and the root has moved to the session-expired screen.
    case sessionExpired
}
