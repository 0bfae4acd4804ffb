import Testing

/// The OAuth 2.0 test server as a fixture of the seeded suites: its cases are
/// there when `OAUTH2_LEGACY_BASE_URL` is set (and this says why not otherwise), and
/// its adapters declare what such a server does not do.
@Suite("Seeded suites against the OAuth 2.0 test server")
struct SeededOAuth2FixtureTests {
    @Test(
        "Every seeded suite's adapter list has its OAuth 2.0 case",
        .enabled(
            if: OAuth2RemoteFixture.baseURL != nil,
            "OAUTH2_LEGACY_BASE_URL is not set (scripts/oauth2-server start --legacy-password-grant prints its URL): the seeded suites run no OAuth 2.0 cases"
        ))
    func everySeededListHasItsOAuth2Case() {
        let lists: [String: [String]] = [
            "auth": SeededAdapters.auth.map(\.testDescription),
            "authOnCoraRoutes": SeededAdapters.authOnCoraRoutes.map(\.testDescription),
            "users": SeededAdapters.users.map(\.testDescription),
            "statementsOnCoraRoutes": SeededAdapters.statementsOnCoraRoutes.map(\.testDescription),
            "health": SeededAdapters.health.map(\.testDescription),
        ]
        for (list, names) in lists {
            #expect(names.filter { $0.contains("→ OAuth 2.0 server ") }.count == 1, "\(list): \(names)")
        }
    }

    @Test("The adapters over the OAuth 2.0 test server declare what such a server does not do")
    func adaptersDeclareWhatTheServerLacks() throws {
        guard let baseURL = OAuth2RemoteFixture.baseURL else { return }
        let fixture = try OAuth2RemoteFixture(baseURL: baseURL)
        #expect(!fixture.auth.offersRegistration, "OAuth 2.0 has no registration")
        #expect(fixture.auth.refusalsToldApart.isEmpty, "every refused grant is invalid_grant (RFC 6749 §5.2)")
        #expect(fixture.auth.refreshRotation == .asTheServerChooses)
        #expect(
            fixture.users.offersCurrentUser && !fixture.users.offersAccountRoutes, "its resource serves /users/me only")
    }
}
