import GatehouseBench
import Foundation
import OAuth2ServerAccess
import OffThePool
import Testing

/// Issue 29, "done when" 1, against the OAuth 2.0 test server `.ci/run`
/// starts in legacy mode (`OAUTH2_LEGACY_BASE_URL`: the password grant, so a
/// worker can sign in without a browser; django-oauth-toolkit with
/// `ROTATE_REFRESH_TOKEN`, no grace and `REFRESH_TOKEN_REUSE_PROTECTION`): K
/// app processes sharing one store make one refresh per expiry, and none
/// spends a refresh token twice (which would revoke the whole family and
/// sign every process out). The refreshes are counted in the server's token
/// table (`GET /_test/tokens`): every refresh issues one refresh token, the
/// sign-in the first.
@Suite(
    "Several processes refresh one session on the OAuth 2.0 test server", .serialized, .holdsTheOAuth2ServerAlone,
    .enabled(
        if: OAuth2LegacyServer.baseURL != nil,
        "OAUTH2_LEGACY_BASE_URL is not set (scripts/oauth2-server start --legacy-password-grant prints its URL)")
)
struct OAuth2CrossProcessRefreshTests {
    static let expiries = 3

    @Test(
        "K processes sharing a store make exactly one refresh per expiry and lose no session (OAuth 2.0 test server)",
        arguments: [2, 4, 8])
    func oneRefreshPerExpiry(processes: Int) async throws {
        try await offThePool {
            try await assertOneRefreshPerExpiry(processes: processes)
        }
    }

    @Test("One process alone makes one refresh per expiry (OAuth 2.0 test server; the harness, today)")
    func oneProcessAlone() async throws {
        try await offThePool {
            try await assertOneRefreshPerExpiry(processes: 1)
        }
    }

    private func assertOneRefreshPerExpiry(processes: Int) async throws {
        let baseURL = try #require(OAuth2LegacyServer.baseURL)
        try await OAuth2LegacyServer.reset()
        let fleet = try SessionWorkerFleet(
            executable: AppExecutable.path,
            base: "oauth2-local", baseURL: baseURL, plugins: ["auth": "oauth2-password-legacy"],
            settings: ["oauth2": ["clientId": OAuth2LegacyServer.publicClient]])
        try fleet.signInOnce()
        let workers = try fleet.startWorkers(processes, expecting: "dashboard")
        #expect(try SessionWorkerFleet.callUntilNotBusy(workers).answers == Array(repeating: "ok", count: processes))
        let before = try await OAuth2LegacyServer.refreshTokens()

        for expiry in 1...Self.expiries {
            try await OAuth2LegacyServer.expireAccessTokens()
            // A waiter told the holder was busy calls again, as a person would.
            let (answers, callsAgain) = try SessionWorkerFleet.callUntilNotBusy(workers)
            #expect(answers == Array(repeating: "ok", count: processes), "expiry \(expiry), \(callsAgain) called again")
        }

        let after = try await OAuth2LegacyServer.refreshTokens()
        #expect(after.issued - before.issued == Self.expiries, "one refresh per expiry, whatever K")
        #expect(after.live == 1, "the family was never revoked for reuse: one live refresh token")
        let states = try SessionWorkerFleet.askAtOnce(workers, "state")
        #expect(
            states
                == Array(
                    repeating: "state authenticated screen dashboard stored-session yes", count: processes),
            "every process is still signed in")
        workers.forEach { $0.quit() }
    }
}

/// The legacy-mode OAuth 2.0 test server's URL and its test-control routes
/// (`OAuth2Server/bank/test_control_views.py`), as the OAuth2Tests read them.
enum OAuth2LegacyServer {
    /// `OAUTH2_LEGACY_BASE_URL`, when set and not empty.
    static let baseURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["OAUTH2_LEGACY_BASE_URL"], !url.isEmpty else { return nil }
        return url
    }()

    /// The seeded public client that may use the password grant.
    static let publicClient = "gatehouse-public"

    static func reset() async throws { _ = try await control("POST", "_test/reset") }

    static func expireAccessTokens() async throws { _ = try await control("POST", "_test/expire-access-tokens") }

    /// The refresh tokens the server issued since its reset, and those not revoked.
    static func refreshTokens() async throws -> (issued: Int, live: Int) {
        struct Table: Decodable {
            struct Refresh: Decodable {
                let revoked: String?
            }
            let refresh: [Refresh]
        }
        let table = try JSONDecoder().decode(Table.self, from: try await control("GET", "_test/tokens"))
        return (table.refresh.count, table.refresh.filter { $0.revoked == nil }.count)
    }

    private static func control(_ method: String, _ path: String) async throws -> Data {
        guard let baseURL else { throw SessionWorkerFleet.Failure(description: "OAUTH2_LEGACY_BASE_URL is not set") }
        return try await ControlRequest.send(method, baseURL + "/" + path)
    }
}
