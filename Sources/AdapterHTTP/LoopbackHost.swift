#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a URL's host is this machine, decided from the text alone (no DNS):
/// an IPv4 literal in 127.0.0.0/8, the IPv6 literal ::1 (in any spelling, with
/// or without brackets), or the name `localhost`. A name that merely starts
/// like an address — `127.example.com` — is somebody else's machine, so the
/// literals are parsed, never matched by prefix.
public enum LoopbackHost {
    public static func contains(_ host: String) -> Bool {
        var bare = Substring(host)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        // One trailing dot names the same host in DNS ("localhost.").
        if bare.hasSuffix(".") { bare = bare.dropLast() }
        let name = String(bare).lowercased()
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
