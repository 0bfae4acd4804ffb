import Foundation

/// Who may use the control API. Any process on this machine may: it is a
/// development server on loopback. A web page in a local browser may not:
/// a cross-site form or `fetch` could otherwise flip switches (a `text/plain`
/// POST needs no preflight), and a DNS-rebound name could read the answers.
/// Browsers name the page's site in `Origin` on such requests and keep the
/// rebound name in `Host`; the app's own control client sends neither an
/// `Origin` nor a name other than a loopback one, and sends JSON as JSON.
enum ControlRequestGuard {
    /// Why `request` is refused, or nil to serve it.
    static func refusal(_ request: HTTPServerRequest) -> String? {
        guard let host = request.header("host"), isLoopbackAuthority(host) else {
            return "the control API answers only requests addressed to 127.0.0.1, localhost or [::1] (Host header)"
        }
        guard request.header("origin") == nil else {
            return "the control API refuses requests sent by a web page (Origin header)"
        }
        if !request.body.isEmpty, !isJSON(request.header("content-type")) {
            return "the control API takes a body only as Content-Type: application/json"
        }
        return nil
    }

    /// `host[:port]` where host is `localhost`, a dotted IPv4 literal in
    /// 127.0.0.0/8, or `[::1]`; the port, when given, is digits.
    static func isLoopbackAuthority(_ authority: String) -> Bool {
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return false }
            port = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            port = parts.count == 2 ? parts[1] : nil
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy(\.isASCIIDigit), let number = Int(port),
                number <= 65_535
            else { return false }
        }
        return host.lowercased() == "localhost" || host == "[::1]" || isLoopbackIPv4(host)
    }

    private static func isLoopbackIPv4(_ host: Substring) -> Bool {
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            (1...3).contains(octet.count) && octet.allSatisfy(\.isASCIIDigit) && (Int(octet) ?? 256) <= 255
        }
    }

    /// `application/json`, with or without parameters, in any case.
    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
