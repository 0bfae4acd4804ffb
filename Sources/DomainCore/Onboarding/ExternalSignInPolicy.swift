/// The time limits of a sign-in outside the app (`ExternalSignIn`).
public struct ExternalSignInPolicy: Sendable, Hashable {
    /// How long the app waits for the browser to come back when nothing
    /// says otherwise: five minutes, long enough to sign in on a slow page,
    /// short enough that a closed browser tab does not leave the app waiting.
    public static let defaultBrowserTimeLimit: Duration = .seconds(300)
    /// The shortest wait between two polls, whatever the server says: an
    /// interval of zero (a broken or hostile server) must not make the app
    /// ask in a tight loop.
    public static let shortestPollInterval: Duration = .seconds(1)

    /// How long the app waits for the person in the browser, and then for
    /// the code exchange, before the attempt is not completed in time.
    public var browserTimeLimit: Duration

    /// - Parameter browserTimeLimit: `defaultBrowserTimeLimit` unless a
    ///   test or an environment says otherwise.
    public init(browserTimeLimit: Duration = Self.defaultBrowserTimeLimit) {
        self.browserTimeLimit = browserTimeLimit
    }
}
