import Testing

/// The OAuth 2.0 test server as a fixture of the seeded suites: its cases are
/// there when `OAUTH2_LEGACY_BASE_URL` is set (and this says why not otherwise), and
/// each need such a server cannot meet is excluded with its reason.
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

    @Test("The OAuth 2.0 server meets the seeded needs of its routes: sign-in, GET /users/me, the statement, health")
    func servedRoutesAreMet() {
        for operation in [RemoteOperation.signIn, .refresh, .currentUser, .statement, .entryDetails, .health] {
            #expect(SeededNeed.unmetByOAuth2Server(.operation(operation)) == nil, "\(operation)")
        }
    }

    @Test(
        "What a standard OAuth 2.0 server cannot meet is excluded, saying why",
        arguments: [
            (SeededNeed.inactiveAccountToldApartAtSignIn, "invalid_grant"),
            (.registration, "OAuth 2.0 has no registration"),
            (.operation(.register), "OAuth 2.0 has no registration"),
            (.operation(.signOut), "revocation (RFC 7009)"),
            (.operation(.updateCurrentUser), "the wire contract's own route"),
            (.operation(.relatedUsers), "the wire contract's own route"),
        ])
    func unmetNeedsSayWhy(need: SeededNeed, reason: String) {
        #expect(SeededNeed.unmetByOAuth2Server(need)?.contains(reason) == true)
    }
}
