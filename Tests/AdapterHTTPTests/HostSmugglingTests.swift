import Foundation
import Testing

@testable import AdapterHTTP
@testable import BoundedHTTP

/// A host that hides another host behind a byte no host name holds — a NUL
/// that ends the C string `inet_pton` reads, a %-escape, a control character —
/// is never this machine, and a base URL with one is refused outright.
@Suite("Hosts written with characters no host holds")
struct HostSmugglingTests {
    @Test(
        "The loopback check answers no for a host with a character no host name or IP literal holds",
        arguments: [
            // What URL.host gives once %-escapes are decoded.
            "127.0.0.1\u{0}.evil.com", "localhost\u{0}.evil.com", "::1\u{0}", "127.0.0.1\t", "127.0.0.1 ",
            "127.0.0.1\n.evil.com", "127.0.0.1/.evil.com", "127.0.0.1\\.evil.com", "127.0.0.1@evil.com",
            "::1%lo", "127.0.0.１",
            // The host as written, escapes and all: never decoded here, never loopback.
            "127.0.0.1%00.evil.com", "127%2e0%2e0%2e1", "local%68ost",
            // A trailing dot makes an absolute DNS name: glibc asks DNS for it
            // instead of reading /etc/hosts, and "127.0.0.1." is no IPv4 literal.
            "127.0.0.1.", "localhost.", "[::1].",
        ])
    func smuggledHostIsNotLoopback(host: String) {
        #expect(!LoopbackHost.contains(host))
    }

    @Test(
        "A plain loopback host still is one",
        arguments: ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST"])
    func plainLoopbackHostIsLoopback(host: String) {
        #expect(LoopbackHost.contains(host))
    }

    @Test(
        "A base URL whose host holds a %-escape, a control character or a space is refused, https or not",
        arguments: [
            "http://127.0.0.1%00.evil.com", "http://127.0.0.1%00.evil.com:8080/api", "http://localhost%00.evil.com",
            "https://api.example.com%00.evil.com",
            // Decoded, this is 127.0.0.1; but curl, Foundation and the server
            // need not agree on decoding it, so a base URL must say it plainly.
            "http://127%2e0%2e0%2e1:8080", "http://%31%32%37.0.0.1", "http://127.0.0.1%2eevil.com",
            "http://127.0.0.1%09", "http://127.0.0.1%20", "http://127.0.0.1%0a.evil.com",
            "http://127.0.0.1%2f.evil.com",
            "https://ex%41mple.com",
            // An IPv6 zone is a %-escape too, and never loopback.
            "http://[::1%2500]:8080", "https://[fe80::1%25eth0]:8443",
        ])
    func baseURLWithUnplainHostIsRefused(url: String) {
        #expect(throws: HTTPConfigurationError.hostNotPlainInBaseURL(url)) {
            try HTTPConfiguration(baseURL: url, apiKey: nil)
        }
    }

    @Test(
        "A loopback address or name with a trailing dot is a DNS name, so plain http to it is refused",
        arguments: ["http://127.0.0.1.:8080", "http://localhost.:8080"])
    func trailingDotIsNotLoopback(url: String) {
        #expect(throws: HTTPConfigurationError.insecureBaseURL(url)) {
            try HTTPConfiguration(baseURL: url, apiKey: nil)
        }
    }

    @Test(
        "A plainly written host is still accepted, an international name included (Foundation sends it as xn--…)",
        arguments: [
            "http://127.0.0.1:8080", "http://[::1]:8080", "http://localhost:8080", "https://münchen.example",
            "https://api.example.com/a%20b", "https://my_service.internal",
        ])
    func plainHostIsAccepted(url: String) throws {
        _ = try HTTPConfiguration(baseURL: url, apiKey: nil)
    }

    @Test func theRefusalSaysWhatIsWrongWithTheHost() {
        let error = HTTPConfigurationError.hostNotPlainInBaseURL("http://127.0.0.1%00.evil.com")
        #expect(error.description.contains("'http://127.0.0.1%00.evil.com' has a host with a %-escape"))
    }
}
