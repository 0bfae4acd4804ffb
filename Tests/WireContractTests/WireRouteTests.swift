import Testing
import WireContract

/// The route table: the keys scripts, faults and metrics already use, the
/// credentials each route takes, and paths built and matched both ways.
@Suite("Wire route table")
struct WireRouteTests {
    /// Written out here on purpose: these strings are in acceptance scripts,
    /// environment files and a real backend's control calls, so the table
    /// must keep them letter for letter.
    @Test("Each route's key is the string faults, metrics and scripts name it by, in the table's order")
    func theKeysAreTheOnesInUse() {
        #expect(
            WireRoute.all.map(\.key) == [
                "POST /challenge/auth", "DELETE /challenge/auth", "GET /challenge/list", "GET /challenge/details/:id",
                "GET /health", "GET /users/me", "PATCH /users/me", "DELETE /users/me", "GET /users/related",
                "PUT /users/related", "POST /users",
            ])
        #expect(Set(WireRoute.all.map(\.key)).count == WireRoute.all.count, "no two routes share a key")
    }

    @Test("A key names its route back; any other text names none", arguments: WireRoute.all)
    func aKeyNamesItsRoute(route: WireRoute) {
        #expect(WireRoute(key: route.key) == route)
        #expect(route.description == route.key)
        #expect(WireRoute(key: route.key.lowercased()) == nil)
        #expect(WireRoute(key: route.template) == nil)
    }

    @Test("Health needs nothing; sign-in, refresh and registration the API key; every other route the key and a token")
    func eachRouteTakesTheCredentialsTheAdaptersSend() {
        let expected: [WireRoute: WireRoute.Authorization] = [
            .auth: .apiKey, .register: .apiKey, .health: .noCredentials,
            .signOut: .apiKeyAndToken, .statementList: .apiKeyAndToken, .statementDetails: .apiKeyAndToken,
            .currentUser: .apiKeyAndToken, .updateCurrentUser: .apiKeyAndToken, .deleteCurrentUser: .apiKeyAndToken,
            .relatedUsers: .apiKeyAndToken, .saveSharedWith: .apiKeyAndToken,
        ]
        for route in WireRoute.all {
            #expect(route.authorization == expected[route], "\(route)")
        }
    }

    @Test("A route without parameters is sent as its template, and matches that path only", arguments: WireRoute.all)
    func aPlainPathIsItsTemplate(route: WireRoute) {
        guard route != .statementDetails else { return }
        #expect(route.path() == route.template)
        #expect(route.parameters(in: route.template) == [:])
        #expect(route.parameters(in: route.template + "/") == nil)
        #expect(route.parameters(in: route.template + "x") == nil)
        #expect(route.parameters(in: String(route.template.dropFirst())) == nil, "a relative path is not the route")
        #expect(WireRoute.match(method: route.method, path: route.path())?.route == route)
    }

    @Test(
        "An entry id goes into the details path as one encoded segment and comes back out as it was",
        arguments: [
            ("abc123", "/challenge/details/abc123"), ("..", "/challenge/details/%2E%2E"),
            (".", "/challenge/details/%2E"), ("a/b", "/challenge/details/a%2Fb"),
            ("x?y#z", "/challenge/details/x%3Fy%23z"), ("%2E%2E", "/challenge/details/%252E%252E"),
            ("a b", "/challenge/details/a%20b"), ("...", "/challenge/details/..."),
        ])
    func anIDSurvivesTheTrip(id: String, path: String) {
        #expect(WireRoute.statementDetails.path(["id": id]) == path)
        let match = WireRoute.match(method: "GET", path: path)
        #expect(match == WireRoute.Match(route: .statementDetails, parameters: ["id": id]))
    }

    @Test("A details path with no id, two segments or a broken escape is no route")
    func aDetailsPathMustHoldOneSegment() {
        for path in ["/challenge/details/", "/challenge/details", "/challenge/details/a/b", "/challenge/details/%G1"] {
            #expect(WireRoute.match(method: "GET", path: path) == nil, "\(path)")
        }
        #expect(
            WireRoute.statementDetails.path() == "/challenge/details/", "no value: an empty segment, served by none")
    }

    @Test("A path is matched with its method: the same path with another method is another route, or none")
    func theMethodChoosesTheRoute() {
        #expect(WireRoute.match(method: "POST", path: "/challenge/auth")?.route == .auth)
        #expect(WireRoute.match(method: "DELETE", path: "/challenge/auth")?.route == .signOut)
        #expect(WireRoute.match(method: "PUT", path: "/challenge/auth") == nil)
        #expect(WireRoute.match(method: "get", path: "/health") == nil, "methods are case-sensitive (RFC 9110 §9.1)")
        #expect(WireRoute.match(method: "POST", path: "/users")?.route == .register)
        #expect(WireRoute.match(method: "GET", path: "/users") == nil)
    }

    @Test("A match looks only among the routes it is given (a profile's)")
    func aMatchLooksOnlyAmongTheGivenRoutes() {
        let cora: [WireRoute] = [.auth, .statementList, .statementDetails]
        #expect(WireRoute.match(method: "GET", path: "/health", among: cora) == nil)
        #expect(WireRoute.match(method: "DELETE", path: "/challenge/auth", among: cora) == nil)
        #expect(WireRoute.match(method: "GET", path: "/challenge/list", among: cora)?.route == .statementList)
    }
}
