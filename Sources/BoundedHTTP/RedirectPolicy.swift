import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What to do with a redirect. URLSession on Linux keeps every header across a
/// redirect, so credentials would follow a redirect to any host: they are
/// dropped whenever scheme, host or port change; a request with a body is
/// never redirected to another origin, and one that `forbidsRedirect` (a
/// refresh, which carries the token in its body) is never redirected at
/// all; nothing is redirected from https down to plain http to another
/// machine.
enum RedirectPolicy {
    static let credentialHeaders = ["token", "Authorization", "apikey"]
    /// Marks a request that must not be redirected.
    static let noRedirectMarker = "gatehouse.no-redirect"

    /// The request to follow, or nil to stop at the redirect.
    static func follow(_ original: URLRequest?, to proposed: URLRequest, taskDescription: String?) -> URLRequest? {
        if taskDescription == noRedirectMarker { return nil }
        guard let from = original?.url, let to = proposed.url else { return nil }
        // Never from https down to plain http, save to this machine: the
        // answer would cross a network in clear, as no base URL may.
        if from.scheme?.lowercased() == "https", to.scheme?.lowercased() != "https",
            !LoopbackHost.contains(to.host ?? "")
        {
            return nil
        }
        guard sameOrigin(from, to) else {
            // A body (a password, a token, a form) never goes to another
            // origin: a 307 or 308 would send it on as it is.
            if original?.httpBody != nil || proposed.httpBody != nil { return nil }
            var stripped = proposed
            for header in credentialHeaders { stripped.setValue(nil, forHTTPHeaderField: header) }
            return stripped
        }
        return proposed
    }

    static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
        first.scheme?.lowercased() == second.scheme?.lowercased()
            && first.host?.lowercased() == second.host?.lowercased()
            && effectivePort(first) == effectivePort(second)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
