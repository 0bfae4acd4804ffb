/// The PIN lock's two numbers (docs/spec/pin-lock.md): how long the app may
/// stay in the background before the PIN is asked again, and how many wrong
/// PINs in a row end the session.
public struct PINLockPolicy: Sendable, Hashable {
    /// The default background time before the PIN is asked again: 5 minutes.
    public static let defaultTimeout: Duration = .seconds(300)
    /// Wrong PINs in a row that end the session (ContaCasal's rule).
    public static let defaultMaximumAttempts = 5

    /// A return from the background at least this long after leaving asks
    /// for the PIN; a shorter absence does not.
    public var timeout: Duration
    /// The wrong PINs in a row, counted by the vault across launches, that
    /// expire the session.
    public var maximumAttempts: Int

    /// - Parameters:
    ///   - timeout: the background time before the PIN is asked again.
    ///   - maximumAttempts: the wrong PINs in a row that expire the session.
    public init(timeout: Duration = defaultTimeout, maximumAttempts: Int = defaultMaximumAttempts) {
        self.timeout = timeout
        self.maximumAttempts = maximumAttempts
    }
}

extension PINLockPolicy {
    /// The lock timeouts a person may be offered, before those that cannot
    /// happen are taken out: at every return, 1, 2, 5 and 15 minutes.
    public static let timeoutCandidates: [Duration] = [
        .zero, .seconds(60), .seconds(120), .seconds(300), .seconds(900),
    ]

    /// The timeouts to offer: only those that can happen — shorter than
    /// `sessionSurvivesInBackground` (`TokenPolicy.sessionSurvivesInBackground`),
    /// since after that long in the background the session has ended and
    /// the return asks for the password, never the PIN. With the defaults
    /// (250 s): at every return, 1 and 2 minutes.
    public static func timeoutChoices(sessionSurvivesInBackground survival: Duration) -> [Duration] {
        timeoutCandidates.filter { locksBeforeSessionEnds($0, sessionSurvivesInBackground: survival) }
    }

    /// Whether a lock after `timeout` in the background can be asked while
    /// the session is still alive.
    public static func locksBeforeSessionEnds(_ timeout: Duration, sessionSurvivesInBackground survival: Duration)
        -> Bool
    {
        timeout < survival
    }
}
