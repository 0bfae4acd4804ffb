public import Foundation

/// Why the browser's part of a logout did not end with the server's word.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum BrowserSignOutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The wait was given up (the person cancelled, the time ran out) or
    /// the attempt ended before the browser came back.
    case ended

    /// What went wrong; never a token or a `state`.
    public var description: String {
        switch self {
        case .ended: "the browser did not come back: the wait ended"
        }
    }
}

/// One logout at the server through the browser (OpenID Connect
/// RP-Initiated Logout 1.0), begun by `AuthRemoteAPI.beginBrowserSignOut(_:)`
/// after the session already ended on the device: the server's own
/// sign-in in the browser — its session cookie — is ended too, so the next
/// person at a shared computer does not find it signed in.
///
/// Contract, for every adapter:
/// - The caller hands `url` to the `BrowserOpener`, then calls
///   `awaitPerson()`; at any moment it may `end()`.
/// - `url` never carries the ID token (it becomes the browser launcher's
///   argument, which any local user can read), nor any other secret; it is
///   still never shown or printed (a `BrowserOpener` passes it to the
///   browser and nowhere else).
/// - `awaitPerson()` sends nothing: it waits, without a time limit of its
///   own, for the server to send the browser back to the app with this
///   logout's random `state`; the caller bounds it by cancelling its task.
/// - `end()` closes what the attempt holds open (its loopback listener); a
///   wait under way ends with `.ended`. Ending twice is harmless.
public protocol BrowserSignOutAttempt: Sendable {
    /// The end-session address to open in the browser. Never shown; it
    /// carries no ID token.
    var url: URL { get }

    /// Waits for the browser to come back with this logout's `state`.
    ///
    /// A request with another `state` (an old tab's, or a forged one) is
    /// refused and the wait goes on: only this logout's `state`, or the
    /// caller, ends it.
    ///
    /// - Throws: `.ended` when the task is cancelled or the attempt ended.
    func awaitPerson() async throws(BrowserSignOutError)

    /// Ends the attempt and closes what it holds open.
    func end() async
}
