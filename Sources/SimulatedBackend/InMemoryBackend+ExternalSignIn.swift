import Foundation
public import Ports

/// The backend played as an OAuth 2.0 authorization server for a sign-in
/// outside the app: the browser's authorization code grant (RFC 6749 §4.1)
/// and the device flow (RFC 8628), with what the person does in the browser
/// simulated by the control operations below (`personSignsIn`,
/// `personDenies`, `personAnswersForAnotherAttempt`, `slowDownNextPoll`).
/// Nothing here is reachable: the addresses are under `.invalid` (RFC 6761).
/// Time is the backend's clock, so an attempt's lifetime passes in virtual
/// time.
extension InMemoryBackend {
    /// Where the simulated authorization server says it lives; never reachable.
    public static let authorizationServerBase = "https://auth.in-memory.invalid"
    /// How long a browser attempt waits for the person (the authorization
    /// request and its code, RFC 6749 §4.1.2 recommends at most 10 minutes).
    public static let browserAttemptLifetime: Duration = .seconds(600)
    /// How long a device code works (RFC 8628 §3.2 `expires_in`).
    public static let deviceCodeLifetime: Duration = .seconds(600)
    /// How long the device flow asks the app to wait between polls
    /// (`interval` of RFC 8628 §3.2, its default).
    public static let devicePollInterval: Duration = .seconds(5)

    /// Begins an attempt and returns its id and what the person must do.
    /// `method` is `.browser` or `.device` (the adapter refuses `.password`).
    func beginExternalSignIn(_ method: SignInMethod) -> (id: UInt64, instructions: ExternalSignInInstructions) {
        let lifetime = method == .device ? Self.deviceCodeLifetime : Self.browserAttemptLifetime
        let id = externalSignIns.begin(
            method, at: clock.now(), lifetime: lifetime, interval: Self.devicePollInterval)
        let base = Self.authorizationServerBase
        switch method {
        case .device:
            let code = Self.userCode()
            // The URLs are made of constants and the code's letters only, so they always parse.
            let verification = URL(string: "\(base)/device") ?? URL(fileURLWithPath: "/")
            let complete = URL(string: "\(base)/device?user_code=\(code)")
            return (
                id,
                .enterCode(
                    userCode: code, verificationURI: verification, completeURI: complete,
                    expiresIn: Self.deviceCodeLifetime)
            )
        case .browser, .password:
            let authorize = URL(string: "\(base)/authorize?response_type=code&client_id=gatehouse&attempt=\(id)")
            return (id, .openInBrowser(authorize ?? URL(fileURLWithPath: "/")))
        }
    }

    /// One poll of attempt `id`: the token endpoint's answer.
    func pollExternalSignIn(_ id: UInt64) throws(RemoteError) -> ExternalSignInProgress {
        switch externalSignIns.poll(id, at: clock.now()) {
        case .ended: throw .signInRefused(.cancelled)
        case .expired, .nothingToExchange: throw .signInRefused(.notCompletedInTime)
        case .denied: throw .signInRefused(.deniedByPerson)
        case .pending(let retryAfter): return .pending(retryAfter: retryAfter)
        case .issue(let accountID):
            guard let account = accounts[accountID] else { throw .signInRefused(.notCompletedInTime) }
            do { try requireUsable(account) } catch { throw error.remoteError }
            counters.logins += 1
            return .signedIn(IssuedTokens(accessToken: issueToken(for: account.id, family: nil)))
        }
    }

    // MARK: - The simulated person (control)

    /// The person signs in on the backend's page, for the latest attempt
    /// still waiting: the identifier and password are checked as `signIn`
    /// checks them (a deleted account is refused like a wrong password); an
    /// inactive account is let through the page and refused when the app
    /// exchanges the code (403 `USER_INACTIVE`).
    public func personSignsIn(_ credentials: Credentials) throws(PersonActionError) {
        guard let waiting = externalSignIns.latestWaiting(at: clock.now()) else { throw .noAttemptWaiting }
        guard let id = accountID(matching: credentials.identifier), let account = accounts[id],
            account.password == credentials.password, account.state != .deleted
        else { throw .credentialsRefused }
        externalSignIns.answer(waiting.id, .signedIn(accountID: account.id))
    }

    /// The person refuses, for the latest attempt still waiting (`access_denied`).
    public func personDenies() throws(PersonActionError) {
        guard let waiting = externalSignIns.latestWaiting(at: clock.now()) else { throw .noAttemptWaiting }
        externalSignIns.answer(waiting.id, .denied)
    }

    /// The browser comes back to the app with an answer for another attempt
    /// (another `state`: an old tab's, or a forged one): only a browser
    /// attempt has one. As the loopback listener does, the answer is
    /// refused and the attempt goes on waiting — one request must not end
    /// the person's sign-in — so nothing of the attempt changes.
    public func personAnswersForAnotherAttempt() throws(PersonActionError) {
        guard let waiting = externalSignIns.latestWaiting(at: clock.now()) else { throw .noAttemptWaiting }
        guard waiting.method == .browser else { throw .notForThisMethod(waiting.method) }
    }

    /// The next poll of the latest device attempt still waiting answers
    /// `slow_down` (RFC 8628 §3.5), as a server under load would.
    public func slowDownNextPoll() throws(PersonActionError) {
        guard let waiting = externalSignIns.latestWaiting(at: clock.now()) else { throw .noAttemptWaiting }
        guard waiting.method == .device else { throw .notForThisMethod(waiting.method) }
        externalSignIns.slowDownNextPoll(waiting.id)
    }

    /// An RFC 8628 §6.1 user code: eight letters of a set without vowels
    /// (no words) and without look-alikes, shown as two groups of four.
    private static func userCode() -> String {
        let letters = Array("BCDFGHJKLMNPQRSTVWXZ")
        var generator = SystemRandomNumberGenerator()
        let picked = (0..<8).map { _ in letters[Int(generator.next(upperBound: UInt(letters.count)))] }
        return String(picked[0..<4]) + "-" + String(picked[4..<8])
    }
}
