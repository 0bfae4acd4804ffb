extension AuthSession {
    /// The person chose how long the app may stay in the background before
    /// the PIN is asked again: it holds from the next return to the
    /// foreground (an absence already under way is measured against it too).
    ///
    /// - Parameter timeout: The new timeout; the preferences that keep it
    ///   have already checked its range.
    public func setPINLockTimeout(_ timeout: Duration) {
        pinPolicy.timeout = timeout
    }
}
