import Composition
import Testing

@testable import GatehouseApp
import CompositionTesting

/// `app serve`'s banner and request log lines.
@Suite("Serve banner and request log")
struct ServeBannerTests {
    @Test("The banner lists every demo account with its password, and the development key when it is the one used")
    func bannerNamesTheDemoData() {
        let lines = ServeBanner.lines(
            baseURL: "http://127.0.0.1:8080", options: ServeOptions(), apiKey: ServeOptions.developmentKey,
            virtualClock: false)
        let text = lines.joined(separator: "\n")
        for account in StandaloneServer.demoAccounts {
            #expect(lines.contains { $0.contains(account.name) && $0.contains("password \(account.password)") })
        }
        #expect(text.contains("CPF 123.456.789-09"))
        #expect(text.contains("password 123456"))
        #expect(text.contains("'gatehouse-dev-key'"))
        #expect(!text.contains(".md"), "it sends the reader to no document")
    }

    @Test(
        "The banner says how the profile signs in: the full one by CPF or e-mail, the Cora one by CPF only",
        arguments: ReferenceServerProfile.allCases)
    func bannerSaysHowTheProfileSignsIn(_ profile: ReferenceServerProfile) {
        var options = ServeOptions()
        options.profile = profile
        let text = ServeBanner.lines(
            baseURL: "http://127.0.0.1:8080", options: options, apiKey: ServeOptions.developmentKey, virtualClock: false
        ).joined(separator: "\n")

        #expect(text.contains("sign in with the CPF or the e-mail") == profile.signsInByEmail)
        #expect(text.contains("sign in with the CPF only: this profile takes no e-mail") == !profile.signsInByEmail)
    }

    @Test("A key from the environment or a file is never printed")
    func ownKeyNotShown() {
        var options = ServeOptions()
        options.apiKeySource = .environment("MY_KEY")
        let text = ServeBanner.lines(
            baseURL: "http://127.0.0.1:8080", options: options, apiKey: "s3cret-key-value", virtualClock: false
        ).joined(separator: "\n")
        #expect(!text.contains("s3cret-key-value"))
        #expect(text.contains("from the environment variable MY_KEY (not shown)"))
    }

    @Test("A request's line: method, path without query, status, time; a dropped answer says so")
    func requestLine() {
        let entry = StandaloneServer.RequestLogLine(
            method: "GET", path: "/challenge/list?token=abc", status: 200, duration: .milliseconds(12))
        #expect(ServeBanner.line(for: entry) == "GET /challenge/list → 200 (12 ms)")
        let dropped = StandaloneServer.RequestLogLine(
            method: "POST", path: "/challenge/auth", status: nil, duration: .microseconds(1500))
        #expect(ServeBanner.line(for: dropped) == "POST /challenge/auth → dropped (1.5 ms)")
    }
}
