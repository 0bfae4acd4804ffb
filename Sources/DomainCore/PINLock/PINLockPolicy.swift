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
