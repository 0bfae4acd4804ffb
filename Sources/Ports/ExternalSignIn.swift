public import Foundation

/// A way a backend signs a person in.
public enum SignInMethod: String, Sendable, Hashable, CaseIterable {
    /// The app asks for an identifier and a password and sends them
    /// (`AuthRemoteAPI.signIn`). For an OAuth 2.0 server this is the
    /// password grant, which RFC 9700 §2.4 forbids: only a legacy adapter
    /// offers it there.
    case password
    /// The app opens the backend's own sign-in page in the system browser and
    /// waits for the browser to come back to it: OAuth 2.0's authorization
    /// code grant with PKCE and a loopback redirect (RFC 6749 §4.1, RFC 7636,
    /// RFC 8252). The app never sees the password.
    case browser
    /// The app shows an address and a short code; the person signs in on any
    /// browser, on any device, while the app asks the backend whether they
    /// have finished (OAuth 2.0 device authorization grant, RFC 8628).
    case device
}

/// What the person must do to sign in outside the app.
public enum ExternalSignInInstructions: Sendable, Hashable {
    /// Open `url` in the browser and sign in there. The app hands it to the
    /// `BrowserOpener` and shows it, for a person whose browser did not open.
    case openInBrowser(URL)
    /// Visit `verificationURI` on any device and enter `userCode`
    /// (RFC 8628 §3.3); `completeURI`, when the server sends one, carries the
    /// code already. The code stops working after `expiresIn`.
    case enterCode(userCode: String, verificationURI: URL, completeURI: URL?, expiresIn: Duration)
}

/// Where an attempt stands after a `poll`.
public enum ExternalSignInProgress: Sendable, Hashable {
    /// The person signed in: the tokens issued.
    case signedIn(IssuedTokens)
    /// Not yet (the device flow's `authorization_pending` or `slow_down`):
    /// ask again after `retryAfter`, not sooner — the server's interval,
    /// already lengthened by every `slow_down` (RFC 8628 §3.5).
    case pending(retryAfter: Duration)
}

/// One sign-in outside the app, begun by `AuthRemoteAPI.beginSignIn(_:)`.
///
/// Contract, for every adapter:
/// - The caller shows `instructions`, then calls `awaitPerson()`, then
///   `poll()` until it answers `.signedIn` or throws, waiting each
///   `.pending` interval on its own clock; at any moment it may `end()`.
/// - `awaitPerson()` sends nothing: it waits, without a time limit of its
///   own, for what the person does in the browser (the redirect); the
///   caller bounds it by cancelling its task. For the device flow there is
///   nothing to wait for and it returns at once.
/// - `poll()` is one request: the code exchange (browser, once) or one
///   question to the token endpoint (device).
/// - The one-time values (the PKCE verifier, `state`, `nonce`, the code, the
///   device code) never leave the attempt and never reach a description.
/// - `end()` closes whatever the attempt holds open (the loopback listener);
///   a wait under way ends with `.signInRefused(.cancelled)`, and every
///   later call throws it too. Ending twice is harmless.
public protocol ExternalSignInAttempt: Sendable {
    /// What the person must do.
    var instructions: ExternalSignInInstructions { get }

    /// Waits for the person: the browser's redirect to the app.
    ///
    /// - Throws: `.signInRefused(.deniedByPerson)` when the person (or the
    ///   server) refused (`access_denied`, or any other error the redirect
    ///   carries, as `.misconfigured` for the app's own mistakes);
    ///   `.signInRefused(.answerForAnotherAttempt)` for an answer naming
    ///   another issuer (RFC 9207). An answer carrying another `state` (an
    ///   old tab's, a forged one) ends nothing: it is refused and the wait
    ///   goes on, so only this attempt's answer, or the caller, ends it;
    ///   `.signInRefused(.cancelled)` when the task is cancelled or the
    ///   attempt ended.
    func awaitPerson() async throws(RemoteError)

    /// Asks the token endpoint once.
    ///
    /// - Throws: `.signInRefused(.deniedByPerson)` (the device flow's
    ///   `access_denied`); `.signInRefused(.notCompletedInTime)` (its
    ///   `expired_token`, or a code the server no longer takes);
    ///   `.signInRefused(.identityNotProved)` when the ID token fails its
    ///   checks; `.misconfigured` when the server refuses the client;
    ///   `.transport`, `.timeout`, `.malformedResponse` as any call.
    func poll() async throws(RemoteError) -> ExternalSignInProgress

    /// Ends the attempt and closes what it holds open.
    func end() async
}
