public import Foundation
public import Ports

/// Where and how the HTTP adapters talk: the backend's base URL, the API key,
/// how the token travels, and an explicit timeout (never URLSession's 60 s).
public struct HTTPConfiguration: Sendable {
    /// How the token travels: the Cora header `token: …`, or `Authorization: Bearer …`.
    public enum TokenHeaderStyle: String, Sendable, Hashable, CaseIterable {
        case token
        case bearer
    }

    public let baseURL: URL
    public let apiKey: APIKey?
    public let tokenHeaderStyle: TokenHeaderStyle
    public let timeout: Duration
    /// Told of each request out and back (virtual-time runs against an
    /// in-process server); nil everywhere else.
    public var exchangeTracker: (any HTTPExchangeTracker)?

    /// Refuses a base URL that is neither https nor plain http to this machine
    /// (127.0.0.0/8, ::1, localhost): a token must never cross a network in clear.
    public init(
        baseURL: String, apiKey: APIKey?, tokenHeaderStyle: TokenHeaderStyle = .token, timeout: Duration = .seconds(10)
    ) throws(HTTPConfigurationError) {
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { throw .invalidBaseURL(baseURL) }
        switch scheme {
        case "https": break
        case "http": guard Self.isLoopback(host) else { throw .insecureBaseURL(baseURL) }
        default: throw .invalidBaseURL(baseURL)
        }
        guard timeout > .zero else { throw .invalidTimeout }
        // Routes are resolved relative to the base: it must end in "/" so a
        // base with a path (https://host/api) keeps it.
        self.baseURL = url.absoluteString.hasSuffix("/") ? url : (URL(string: url.absoluteString + "/") ?? url)
        self.apiKey = apiKey
        self.tokenHeaderStyle = tokenHeaderStyle
        self.timeout = timeout
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }
}

/// Why an HTTP configuration was refused. Never carries the API key.
public enum HTTPConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidBaseURL(String)
    case insecureBaseURL(String)
    case invalidTimeout

    public var description: String {
        switch self {
        case .invalidBaseURL(let url): return "'\(url)' is not an http(s) URL with a host"
        case .insecureBaseURL(let url):
            return "'\(url)' would send tokens in clear over a network: use https, or http only to 127.0.0.1, ::1 or localhost"
        case .invalidTimeout: return "the request timeout must be above zero"
        }
    }
}
