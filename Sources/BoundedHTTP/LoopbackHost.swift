import OperatingSystem

/// Whether a URL's host is this machine, decided from the text alone (no DNS):
/// an IPv4 literal in 127.0.0.0/8, the IPv6 literal ::1 (in any spelling, with
/// or without brackets), or the name `localhost`. A name that merely starts
/// like an address — `127.example.com` — is somebody else's machine, so the
/// literals are parsed, never matched by prefix.
public enum LoopbackHost {
    /// Whether `host` (as a URL carries it, brackets and all) is this machine.
    public static func contains(_ host: String) -> Bool {
        // inet_pton reads a C string: "127.0.0.1\0.evil.com" would be parsed
        // as 127.0.0.1 while the connection goes wherever the whole name
        // leads. Any character a host is never written with answers no.
        guard HostText.isPlain(host) else { return false }
        var bare = Substring(host)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        let name = String(bare).lowercased()
        // No trailing dot, not even "localhost.": a name ending in a dot is
        // absolute, so glibc does not look it up in /etc/hosts but asks DNS,
        // and "127.0.0.1." is a name (not an IPv4 literal) asked of DNS too;
        // whoever answers DNS would then choose where the token goes.
        if name == "localhost" { return true }

        var ipv4 = in_addr()
        if inet_pton(AF_INET, name, &ipv4) == 1 {
            // s_addr is in network order: its first byte in memory is the first octet.
            return withUnsafeBytes(of: &ipv4) { $0.first } == 127
        }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, name, &ipv6) == 1 {
            let bytes = withUnsafeBytes(of: &ipv6) { Array($0) }
            return bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
        }
        return false
    }
}

/// What a host may be written with in a URL: a DNS name (ASCII letters,
/// digits, "-", "_", "."), an IPv4 literal, or an IPv6 literal (hex digits,
/// ":", "."; in brackets, or without them as `URL.host` gives it). Nothing else: no percent-escape (parsers disagree
/// on decoding one, so a check and the connection could see two different
/// hosts), no control character, no space, no "%" zone.
public enum HostText {
    /// Whether `host` is written only with what a host name or an IP address holds.
    public static func isPlain(_ host: String) -> Bool {
        var text = Substring(host)
        if text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 {
            text = text.dropFirst().dropLast()
            return text.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }
        }
        return !text.isEmpty && text.unicodeScalars.allSatisfy(isNameScalar)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", ":": true
        default: false
        }
    }
}
