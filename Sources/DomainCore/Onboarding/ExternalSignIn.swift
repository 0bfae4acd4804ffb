public import Foundation
public import Ports

/// What the sign-in screen shows while a sign-in outside the app waits for
/// the person. Every address and code in it came from the server: the
/// screen passes them through its terminal-safe text handling.
public enum ExternalSignInPrompt: Sendable, Hashable {
    /// The browser was asked to open `url`; `opening` says whether it did
    /// (`.notOpened`: the person opens the address themselves).
    case browser(url: URL, opening: BrowserOpening)
    /// The person visits `verificationURI` on any device and enters
    /// `userCode`; `completeURI` carries the code already, when sent.
    case device(userCode: String, verificationURI: URL, completeURI: URL?, expiresIn: Duration)
}

/// Signing in outside the app (docs/spec/explicit-actions.md, "Sign in
/// outside the app"): through the system browser or on another device, as
/// the backend offers (`AuthRemoteAPI.signInMethods`). `begin` asks the
/// backend for an attempt and, for the browser, hands its address to the
/// `BrowserOpener`; `complete` waits for the person — bounded on the clock
/// by `ExternalSignInPolicy.browserTimeLimit` for the browser, by the
/// device code's `expiresIn` for the device flow — and polls, sleeping each
/// `.pending` interval on the clock, until the tokens come; then the session
/// opens exactly as a password sign-in's does (`SessionOpening`). `cancel`
/// ends the attempt; the waiting `complete` answers `.cancelled`.
///
/// One attempt at a time: beginning another ends the one under way.
@MainActor
public final class ExternalSignIn {
    private let authAPI: any AuthRemoteAPI
    private let browser: any BrowserOpener
    private let health: HealthMonitor
    private let clock: any Clock
    private let policy: ExternalSignInPolicy
    private let opening: SessionOpening
    private let session: AuthSession

    private struct Current {
        let attempt: any ExternalSignInAttempt
        /// When the attempt is not completed in time.
        let deadline: Date
        /// Tells this attempt from a later one.
        let serial: UInt64
    }

    private var current: Current?
    private var nextSerial: UInt64 = 0
    /// The wait under way, if any: for the person, or between two polls.
    private let browserWait: BrowserWait

    /// - Parameters:
    ///   - session: the state a sign-in makes authenticated.
    ///   - authAPI: begins the attempt.
    ///   - userAPI: the profile call after it, when the backend has one.
    ///   - repository: the new session's generation, and its store.
    ///   - tokenManager: holds the new token.
    ///   - pins: a PIN an earlier session left, removed.
    ///   - health: no sign-in while the system is down.
    ///   - browser: opens the browser's address.
    ///   - clock: bounds the waits and stamps the token and the cached user.
    ///   - scheduler: runs the waits, so that a time limit or a cancel can end them.
    ///   - tokenPolicy: turns the issued tokens into the session's token.
    ///   - policy: the time limits.
    public init(
        session: AuthSession, authAPI: any AuthRemoteAPI, userAPI: any UserRemoteAPI,
        repository: UserSessionRepository, tokenManager: TokenManager, pins: SessionPIN, health: HealthMonitor,
        browser: any BrowserOpener, clock: any Clock, scheduler: any TaskScheduler, tokenPolicy: TokenPolicy,
        policy: ExternalSignInPolicy = ExternalSignInPolicy()
    ) {
        self.authAPI = authAPI
        self.browser = browser
        self.health = health
        self.clock = clock
        browserWait = BrowserWait(clock: clock, scheduler: scheduler)
        self.policy = policy
        self.session = session
        opening = SessionOpening(
            session: session, userAPI: userAPI, repository: repository, tokenManager: tokenManager, pins: pins,
            clock: clock, policy: tokenPolicy)
    }

    /// The ways to sign in outside the app the backend offers, in its order.
    public var methods: [SignInMethod] { authAPI.signInMethods.filter { $0 != .password } }

    /// Whether an attempt is under way (begun, not completed or cancelled).
    public var isUnderWay: Bool { current != nil }

    /// Begins an attempt: asks the backend, and for the browser hands the
    /// address to the `BrowserOpener`. Refused while the system is down, and
    /// for a method the backend does not offer (`.password` among them),
    /// nothing sent. An attempt already under way is ended first.
    public func begin(_ method: SignInMethod) async -> Result<ExternalSignInPrompt, LoginFailure> {
        await cancel()
        guard method != .password, authAPI.signInMethods.contains(method) else { return .failure(.methodNotOffered) }
        guard !health.status.isDown else { return .failure(.systemUnavailable) }
        let attempt: any ExternalSignInAttempt
        do {
            attempt = try await authAPI.beginSignIn(method)
        } catch {
            return .failure(LoginFailure(error))
        }
        switch attempt.instructions {
        case .openInBrowser(let url):
            let opened = await browser.open(url)
            remember(attempt, for: policy.browserTimeLimit)
            return .success(.browser(url: url, opening: opened))
        case .enterCode(let userCode, let verificationURI, let completeURI, let expiresIn):
            remember(attempt, for: expiresIn)
            return .success(
                .device(
                    userCode: userCode, verificationURI: verificationURI, completeURI: completeURI,
                    expiresIn: expiresIn))
        }
    }

    /// Waits for the person and polls until the tokens come, then opens the
    /// session (the state becomes authenticated). Every failure ends the
    /// attempt; nothing global changes. Without an attempt under way (never
    /// begun, or cancelled), `.cancelled`.
    public func complete() async -> Result<UserProfile, LoginFailure> {
        guard let current else { return .failure(.cancelled) }
        let outcome = await finish(current.attempt, by: current.deadline)
        await current.attempt.end()
        if self.current?.serial == current.serial { self.current = nil }
        let method: SignInMethod
        switch current.attempt.instructions {
        case .openInBrowser: method = .browser
        case .enterCode: method = .device
        }
        let opened: Result<UserProfile, LoginFailure>
        switch outcome {
        case .success(let issued):
            opened = await opening.open(
                issued, profileWithoutRoute: nil, route: method == .browser ? .browser : .device)
        case .failure(let failure): opened = .failure(failure)
        }
        switch opened {
        case .success: session.report(.externalSignInEnded(method, .completed))
        case .failure(let failure): session.report(.externalSignInEnded(method, ExternalSignInEnd(failure)))
        }
        return opened
    }

    /// Ends the attempt under way, if any: its wait ends and `complete`
    /// answers `.cancelled`.
    public func cancel() async {
        browserWait.cancel()
        guard let current else { return }
        self.current = nil
        await current.attempt.end()
    }

    // MARK: - Waiting

    private func remember(_ attempt: any ExternalSignInAttempt, for timeLimit: Duration) {
        nextSerial += 1
        current = Current(
            attempt: attempt, deadline: clock.now().addingTimeInterval(timeLimit.timeInterval), serial: nextSerial)
    }

    /// The person's part, then the polls.
    private func finish(_ attempt: any ExternalSignInAttempt, by deadline: Date) async -> Result<
        IssuedTokens, LoginFailure
    > {
        switch await wait(until: deadline, for: { () async throws(RemoteError) in try await attempt.awaitPerson() }) {
        case .finished(.success): break
        case .finished(.failure(let error)): return .failure(LoginFailure(error))
        case .timedOut: return .failure(.notCompletedInTime)
        case .cancelled: return .failure(.cancelled)
        }
        while true {
            switch await wait(until: deadline, for: { () async throws(RemoteError) in try await attempt.poll() }) {
            case .finished(.success(.signedIn(let tokens))): return .success(tokens)
            case .finished(.success(.pending(let retryAfter))):
                let pause = max(retryAfter, ExternalSignInPolicy.shortestPollInterval)
                let wake = clock.now().addingTimeInterval(pause.timeInterval)
                // A wake at or past the deadline would only poll an expired attempt.
                guard wake < deadline else { return .failure(.notCompletedInTime) }
                switch await wait(until: wake, for: nil as (@Sendable () async throws(RemoteError) -> Void)?) {
                case .cancelled: return .failure(.cancelled)
                case .timedOut, .finished: continue
                }
            case .finished(.failure(let error)): return .failure(LoginFailure(error))
            case .timedOut: return .failure(.notCompletedInTime)
            case .cancelled: return .failure(.cancelled)
            }
        }
    }

    /// Waits as `BrowserWait` does; a cancel that came between two waits
    /// (the attempt is gone) ends the next one at once.
    private func wait<Value: Sendable>(
        until deadline: Date, for operation: (@Sendable () async throws(RemoteError) -> Value)?
    ) async -> BrowserWait.Outcome<Value, RemoteError> {
        guard current != nil else { return .cancelled }
        return await browserWait.run(until: deadline, for: operation)
    }
}

extension ExternalSignIn: ExternalLoginUseCase {}
