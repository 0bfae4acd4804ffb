public import Foundation
public import Ports

/// Where and how the HTTP adapters talk: the backend's base URL, the API key,
/// how the token travels, and an explicit timeout (never URLSession's 60 s).
public struct HTTPConfiguration: Sendable {
    /// How the token travels: the Cora header `token: …`, or `Authorization: Bearer …`.
    public enum TokenHeaderStyle: String, Sendable, Hashable, CaseIterable {
        /// `token: …`, the Cora challenge's header.
        case token
        /// `Authorization: Bearer …` (RFC 6750).
        case bearer
    }

    /// The backend's root, ending in "/": every request's path is resolved below it.
    public let baseURL: URL
    /// The API key sent with each request that `sendsAPIKey` (as the `apikey`
    /// header, or in the query where the request says so); nil sends none.
    public let apiKey: APIKey?
    /// How the token travels.
    public let tokenHeaderStyle: TokenHeaderStyle
    /// How long one call may take, from the moment it is sent to its answer's
    /// last byte; past it the call fails as `RemoteError.timeout`.
    public let timeout: Duration
    /// Connections URLSession opens to the host at most (its
    /// `httpMaximumConnectionsPerHost`; 6, its default on Linux). Requests
    /// beyond it wait in URLSession's queue, where their timeout already runs
    /// — so the token manager admits no more authorised calls than this.
    public var maximumConnectionsPerHost = 6
    /// Told of each request out and back (virtual-time runs against an
    /// in-process server); nil everywhere else.
    public var exchangeTracker: (any HTTPExchangeTracker)?

    /// Refuses a base URL that is neither https nor plain http to this machine
    /// (127.0.0.0/8, ::1, localhost): a token must never cross a network in clear.
    /// Refuses a user or password in the URL too (URLSession would send it as
    /// Basic auth to every host a redirect leads to, and it would end up in
    /// logs), and a query or fragment, which routes cannot be appended to.
    /// Refuses a host written with anything but the characters of a name or
    /// an IP address (`127.0.0.1%00.evil.com`), whatever the scheme.
    public init(
        baseURL: String, apiKey: APIKey?, tokenHeaderStyle: TokenHeaderStyle = .token, timeout: Duration = .seconds(10)
    ) throws(HTTPConfigurationError) {
        let shown = Self.displayable(baseURL)
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { throw .invalidBaseURL(shown) }
        guard url.user == nil, url.password == nil else { throw .credentialsInBaseURL(shown) }
        guard url.query == nil, url.fragment == nil else { throw .queryInBaseURL(shown) }
        // The host as requests will carry it: Foundation writes an
        // international name as xn--… in the absolute string but keeps
        // percent-escapes there, so the host is read back from that string.
        guard let sentHost = URL(string: url.absoluteString)?.host(percentEncoded: true), HostText.isPlain(sentHost)
        else { throw .hostNotPlainInBaseURL(shown) }
        switch scheme {
        case "https": break
        case "http": guard LoopbackHost.contains(sentHost) else { throw .insecureBaseURL(shown) }
        default: throw .invalidBaseURL(shown)
        }
        guard timeout > .zero else { throw .invalidTimeout }
        // Routes are resolved relative to the base: it must end in "/" so a
        // base with a path (https://host/api) keeps it.
        self.baseURL = url.absoluteString.hasSuffix("/") ? url : (URL(string: url.absoluteString + "/") ?? url)
        self.apiKey = apiKey
        self.tokenHeaderStyle = tokenHeaderStyle
        self.timeout = timeout
    }

    /// The URL as an error may show it: whatever sits between "//" and the
    /// last "@" (a user and password) is replaced by "…". The last "@" of
    /// the whole text, not of the authority: a password may hold "/", "?" or
    /// "#", and then the text does not parse as a URL at all. (An "@" in a
    /// path hides a little more than it must; a password is never shown.)
    public static func displayable(_ raw: String) -> String {
        guard let start = raw.range(of: "//") else { return raw }
        guard let at = raw[start.upperBound...].lastIndex(of: "@") else { return raw }
        return String(raw[..<start.upperBound]) + "…" + String(raw[at...])
    }
}

/// Why an HTTP configuration was refused. Never carries the API key, and the
/// URLs it carries have any user and password replaced by "…".
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum HTTPConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not an http(s) URL with a host (the URL as it may be shown).
    case invalidBaseURL(String)
    /// Plain http to a host other than this machine.
    case insecureBaseURL(String)
    /// A user or a password in the URL (shown with them replaced by "…").
    case credentialsInBaseURL(String)
    /// A query or a fragment, which no route can be appended to.
    case queryInBaseURL(String)
    /// A host written with a character no host name or IP address holds.
    case hostNotPlainInBaseURL(String)
    /// A timeout of zero or less.
    case invalidTimeout

    /// The refusal in a sentence, the URL shown without a user or password.
    public var description: String {
        switch self {
        case .invalidBaseURL(let url): return "'\(url)' is not an http(s) URL with a host"
        case .insecureBaseURL(let url):
            return
                "'\(url)' would send tokens in clear over a network: use https, or http only to 127.0.0.1, ::1 or localhost"
        case .credentialsInBaseURL(let url):
            return
                "'\(url)' carries a user or password: take it out of the URL (the API key comes from the environment)"
        case .queryInBaseURL(let url):
            return "'\(url)' has a query or fragment: the base URL must be scheme, host, port and an optional path"
        case .hostNotPlainInBaseURL(let url):
            return "'\(url)' has a host with a %-escape, a control character, a space or another character"
                + " no host name or IP address holds: write the host as letters, digits, '-' and '.'"
        case .invalidTimeout: return "the request timeout must be above zero"
        }
    }
}
