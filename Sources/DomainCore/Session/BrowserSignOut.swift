import Foundation
public import Observation
public import Ports

/// Why the browser's part of a logout did not end the server's sign-in.
public enum BrowserSignOutProblem: String, Sendable, Hashable, CaseIterable {
    /// The browser did not come back within `BrowserSignOut.defaultTimeLimit`.
    case notCompletedInTime = "not-completed-in-time"
    /// The person cancelled the wait.
    case cancelled
    /// The browser could not be opened (`BrowserOpening.notOpened`). The
    /// address is not shown for the person to open: it carries the ID token.
    case browserNotOpened = "browser-not-opened"
    /// The step could not begin: the server's discovery document could not
    /// be read, or no loopback listener could be opened.
    case couldNotBegin = "could-not-begin"
}

/// Where the browser's part of the last logout stands.
public enum BrowserSignOutStep: Sendable, Hashable {
    /// The browser was opened at the server's end-session address; the app
    /// waits for it to come back (the person may cancel).
    case waiting
    /// The server ended its sign-in in the browser and sent it back.
    case ended
    /// It did not, for this reason: the session on the device is over all
    /// the same, and the person is told that the browser may still be
    /// signed in at the server.
    case failed(BrowserSignOutProblem)
}

/// The welcome screen's view of the browser's part of a logout: what to
/// say, and a way to stop waiting.
@MainActor
public protocol BrowserSignOutUseCase: AnyObject {
    /// The last logout's browser step, nil when it had none.
    var step: BrowserSignOutStep? { get }
    /// Stops waiting for the browser; the step becomes `.failed(.cancelled)`.
    func cancel()
}

/// The last part of a logout at an OpenID Connect provider (OpenID Connect
/// RP-Initiated Logout 1.0): after the session ended on the device and its
/// tokens were revoked, the browser is sent to the server's end-session
/// endpoint, so the server's own sign-in there — its session cookie — ends
/// too; the app waits for the browser to come back with the logout's
/// `state`, at most `timeLimit` on the clock, and the person may cancel.
///
/// A port operation (`AuthRemoteAPI.beginBrowserSignOut`) rather than a
/// detail of the adapter's `signOut`: the browser, the clock, the time limit
/// and the person's cancel are the domain's, as for the browser sign-in
/// (`ExternalSignIn`), and a failure must reach the screen as its own
/// sentence, where `signOut` is best effort and silent. The logout never
/// waits on it to end the session on the device: `SessionEnd` ends that
/// first.
@MainActor
@Observable
public final class BrowserSignOut: BrowserSignOutUseCase {
    /// How long the app waits for the browser to come back when nothing
    /// says otherwise: two minutes, enough for the server's "Confirm logout"
    /// page, short enough that a closed browser does not leave the person
    /// waiting on the welcome screen.
    public static let defaultTimeLimit: Duration = .seconds(120)

    /// The last logout's browser step; nil when it had none.
    public private(set) var step: BrowserSignOutStep?

    @ObservationIgnored private let authAPI: any AuthRemoteAPI
    @ObservationIgnored private let browser: any BrowserOpener
    @ObservationIgnored private let clock: any Clock
    @ObservationIgnored private let timeLimit: Duration
    /// The wait for the browser under way, if any.
    @ObservationIgnored private let browserWait: BrowserWait

    /// - Parameters:
    ///   - authAPI: begins the step (nil from every backend without one).
    ///   - browser: opens the end-session address.
    ///   - clock: bounds the wait.
    ///   - scheduler: runs the wait, so that the time limit or a cancel can end it.
    ///   - timeLimit: how long to wait for the browser.
    public init(
        authAPI: any AuthRemoteAPI, browser: any BrowserOpener, clock: any Clock, scheduler: any TaskScheduler,
        timeLimit: Duration = BrowserSignOut.defaultTimeLimit
    ) {
        self.authAPI = authAPI
        self.browser = browser
        self.clock = clock
        browserWait = BrowserWait(clock: clock, scheduler: scheduler)
        self.timeLimit = timeLimit
    }

    /// Ends the server's sign-in in the browser for the session `token`
    /// belonged to, when the backend has such a step; returns when the
    /// browser came back, the time ran out, or the person cancelled.
    func run(for token: SessionToken) async {
        cancel()
        step = nil
        let attempt: any BrowserSignOutAttempt
        do {
            guard let begun = try await authAPI.beginBrowserSignOut(token) else { return }
            attempt = begun
        } catch {
            step = .failed(.couldNotBegin)
            return
        }
        guard case .opened = await browser.open(attempt.url) else {
            await attempt.end()
            step = .failed(.browserNotOpened)
            return
        }
        step = .waiting
        let deadline = clock.now().addingTimeInterval(timeLimit.timeInterval)
        let outcome = await browserWait.run(until: deadline) { () async throws(BrowserSignOutError) in
            try await attempt.awaitPerson()
        }
        await attempt.end()
        step =
            switch outcome {
            case .finished(.success): .ended
            case .finished(.failure(.ended)), .cancelled: .failed(.cancelled)
            case .timedOut: .failed(.notCompletedInTime)
            }
    }

    /// Stops waiting for the browser, if the app waits.
    public func cancel() {
        browserWait.cancel()
    }
}
