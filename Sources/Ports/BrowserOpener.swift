public import Foundation

/// What became of a request to open a page in the browser.
public enum BrowserOpening: Sendable, Hashable {
    /// The URL was handed to the system's browser.
    case opened
    /// It was not: the person must open the URL themselves (the screen
    /// shows it). `reason` says why, in a few words; never the URL.
    case notOpened(reason: String)
}

/// Opens a page in the person's browser: the system browser a native app
/// signs in through (RFC 8252 §8.12 — never a web view the app controls,
/// which could read the password).
///
/// Contract, for every adapter:
/// - Only an absolute `https` URL, or an `http` one to a loopback host
///   (127.0.0.1, `localhost`, ::1), is opened; any other (another scheme, a
///   control character, no host) is `.notOpened` and nothing is started.
/// - The URL is handed over as one argument, as it is: never through a
///   shell, so no character of it is interpreted.
/// - `open` does not wait for the page: it returns once the system took the
///   URL (`.opened`) or refused it (`.notOpened`, saying why).
/// - Nothing the browser launcher prints reaches the app's output.
public protocol BrowserOpener: Sendable {
    /// Asks the system to show `url` in the browser.
    func open(_ url: URL) async -> BrowserOpening
}

extension URL {
    /// Whether this is a URL a `BrowserOpener` may open: `https` with a
    /// host, or `http` to a loopback host, with no control character.
    public var isOpenableInBrowser: Bool {
        guard let scheme = scheme?.lowercased(), let host = host(percentEncoded: false)?.lowercased(),
            !host.isEmpty
        else { return false }
        guard !absoluteString.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return false }
        switch scheme {
        case "https": return true
        case "http": return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
        default: return false
        }
    }
}
