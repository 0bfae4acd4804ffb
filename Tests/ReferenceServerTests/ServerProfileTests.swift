import OffThePool
import SimulatedBackend
import Foundation
import ReferenceServer
import Testing
import WireContract

/// The server's profiles over raw sockets: `full` serves every route, `cora`
/// only Cora's three, and a route a profile does not offer cannot be told
/// from a path nobody serves.
@Suite("Reference server profiles", .serialized)
struct ServerProfileTests {
    private static func server(_ profile: ServerProfile) throws -> ReferenceServer {
        try TestServer.start(profile: profile)
    }

    private static func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String] = ["apikey: test-key"]
    ) -> String {
        TestServer.request(method, path, body: body, headers: headers)
    }

    private static func token(in body: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]
        return try #require(object?["token"])
    }

    /// The answer without its `Date` header: two answers read at different
    /// seconds are otherwise the same bytes.
    private static func withoutDate(_ head: String) -> String {
        head.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("date:") }.joined(separator: "\r\n")
    }

    // MARK: - Naming a profile

    @Test func aProfileIsNamedByItsName() throws {
        #expect(try ServerProfile(named: "full") == .full)
        #expect(try ServerProfile(named: "cora") == .cora)
    }

    @Test func anUnknownProfileIsRefusedListingTheProfiles() {
        let error = #expect(throws: ReferenceServerError.self) { try ServerProfile(named: "stage") }
        #expect(error?.description == "unknown profile 'stage': the profiles are full, cora")
    }

    @Test func theFullProfileOffersEveryRouteAndCoraItsThree() {
        #expect(ServerProfile.full.servedRoutes == WireRoute.all)
        #expect(ServerProfile.cora.servedRoutes == [.auth, .statementList, .statementDetails])
        #expect(ServerProfile.full.routes == BackendRoute.all)
        #expect(
            ServerProfile.cora.routes == [BackendRoute.auth, BackendRoute.statementList, BackendRoute.statementDetails])
    }

    /// Each profile's operations as docs/openapi.yaml's `x-profiles` names
    /// them, written `METHOD /path/:param` as the profiles name routes.
    private static func documentedRoutes() throws -> [String: Set<String>] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
        var routes: [String: Set<String>] = [:]
        var path = ""
        var method = ""
        for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast()).replacingOccurrences(of: "{id}", with: ":id")
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                method = line.trimmingCharacters(in: .whitespaces).dropLast().uppercased()
            } else if line.hasPrefix("      x-profiles: [") {
                let names = line.drop { $0 != "[" }.dropFirst().dropLast().split(separator: ",")
                for name in names {
                    routes[name.trimmingCharacters(in: .whitespaces), default: []].insert("\(method) \(path)")
                }
            }
        }
        return routes
    }

    @Test(
        "docs/openapi.yaml's x-profiles name exactly the routes each profile serves", arguments: ServerProfile.allCases)
    func theDocumentNamesEachProfilesRoutes(profile: ServerProfile) throws {
        #expect(try Self.documentedRoutes()[profile.rawValue] == Set(profile.routes))
    }

    // MARK: - Cora's routes

    @Test func coraSignsInByCPFRefreshesWithTheOldTokenListsAndOpensDetails() async throws {
        try await offThePool {
            let server = try Self.server(.cora)
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(Self.request("POST", "/challenge/auth", body: #"{"cpf":"12345678909","password":"123456"}"#))
            let signIn = try #require(client.response())
            #expect(signIn.status == 200)
            let first = try Self.token(in: signIn.body)

            client.send(Self.request("POST", "/challenge/auth", body: #"{"token":"\#(first)"}"#))
            let refresh = try #require(client.response())
            #expect(refresh.status == 200)
            let second = try Self.token(in: refresh.body)
            #expect(second != first)

            client.send(Self.request("POST", "/challenge/auth", body: #"{"token":"\#(first)"}"#))
            let reused = try #require(client.response())
            #expect(reused.status == 401)
            #expect(reused.body.contains("TOKEN_INVALID"))

            client.send(Self.request("GET", "/challenge/list", headers: ["apikey: test-key", "token: \(second)"]))
            let list = try #require(client.response())
            #expect(list.status == 200)
            #expect(list.body.contains(#""itemsTotal":30"#))

            client.send(
                Self.request(
                    "GET", "/challenge/details/abc123def456ghi789", headers: ["apikey: test-key", "token: \(second)"]))
            let details = try #require(client.response())
            #expect(details.status == 200)
            #expect(details.body.contains(#""counterPartyName""#))
        }
    }

    @Test func coraTakesNoSignInByEmail() async throws {
        try await offThePool {
            let server = try Self.server(.cora)
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(
                Self.request("POST", "/challenge/auth", body: #"{"email":"maria@example.com","password":"123456"}"#))
            let refused = try #require(client.response())

            #expect(refused.status == 400)
            #expect(refused.body.contains("send {cpf, password} or {token}"))
        }
    }

    // MARK: - Sign-out

    @Test("full: DELETE /challenge/auth ends the token (204); it is refused afterwards, and so is a second sign-out")
    func theFullProfileSignsOut() async throws {
        try await offThePool {
            let server = try Self.server(.full)
            defer { server.stop() }
            let client = try RawClient(port: server.port)
            client.send(Self.request("POST", "/challenge/auth", body: #"{"cpf":"12345678909","password":"123456"}"#))
            let token = try Self.token(in: try #require(client.response()).body)
            client.send(Self.request("POST", "/challenge/auth", body: #"{"cpf":"12345678909","password":"123456"}"#))
            let bearer = try Self.token(in: try #require(client.response()).body)

            client.send(Self.request("DELETE", "/challenge/auth", headers: ["apikey: test-key", "token: \(token)"]))
            let signOut = try #require(client.response())
            client.send(
                Self.request(
                    "DELETE", "/challenge/auth", headers: ["apikey: test-key", "Authorization: Bearer \(bearer)"]))
            let bearerSignOut = try #require(client.response())
            client.send(Self.request("GET", "/users/me", headers: ["apikey: test-key", "token: \(token)"]))
            let afterwards = try #require(client.response())
            client.send(Self.request("POST", "/challenge/auth", body: #"{"token":"\#(bearer)"}"#))
            let refresh = try #require(client.response())
            client.send(Self.request("DELETE", "/challenge/auth", headers: ["apikey: test-key", "token: \(token)"]))
            let again = try #require(client.response())
            client.send(Self.request("DELETE", "/challenge/auth", headers: ["token: \(bearer)"]))
            let withoutKey = try #require(client.response())

            #expect(signOut.status == 204)
            #expect(signOut.body.isEmpty)
            #expect(bearerSignOut.status == 204)
            #expect(afterwards.status == 401)
            #expect(afterwards.body.contains("TOKEN_INVALID"))
            #expect(refresh.status == 401)
            #expect(refresh.body.contains("TOKEN_INVALID"))
            #expect(again.status == 401, "a token already ended is refused as every route refuses it")
            #expect(again.body.contains("TOKEN_INVALID"))
            #expect(withoutKey.status == 403)
        }
    }

    // MARK: - Routes not offered

    /// Each request the full profile serves and the Cora profile does not.
    static let notOfferedByCora: [(method: String, path: String, body: String?)] = [
        ("GET", "/health", nil), ("GET", "/users/me", nil), ("PATCH", "/users/me", #"{"name":"X"}"#),
        ("DELETE", "/users/me", nil), ("GET", "/users/related", nil), ("PUT", "/users/related", #"{"shared":[]}"#),
        ("POST", "/users", #"{"name":"B","email":"b@example.com","cpf":"11144477735","password":"246810"}"#),
    ]

    @Test(
        "cora answers a route it does not offer exactly as an unknown path, with the key and without",
        arguments: notOfferedByCora.map { "\($0.method) \($0.path)" })
    func coraAnswersARouteNotOfferedAsAnUnknownPath(route: String) async throws {
        let request = try #require(Self.notOfferedByCora.first { "\($0.method) \($0.path)" == route })
        try await offThePool {
            let server = try Self.server(.cora)
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            for headers in [["apikey: test-key"], []] {
                client.send(Self.request(request.method, request.path, body: request.body, headers: headers))
                let notOffered = try #require(client.response())
                client.send(Self.request(request.method, "/nowhere", body: request.body, headers: headers))
                let unknown = try #require(client.response())

                #expect(notOffered.status == (headers.isEmpty ? 403 : 404))
                #expect(notOffered.status == unknown.status)
                #expect(notOffered.body == unknown.body)
                #expect(Self.withoutDate(notOffered.head) == Self.withoutDate(unknown.head))
            }
        }
    }

    @Test func theFullProfileServesTheRoutesCoraDoesNot() async throws {
        try await offThePool {
            let server = try Self.server(.full)
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            for request in Self.notOfferedByCora {
                client.send(Self.request(request.method, request.path, body: request.body))
                let answer = try #require(client.response())
                #expect(answer.status != 404, "\(request.method) \(request.path)")
                #expect(answer.status != 405, "\(request.method) \(request.path)")
            }
        }
    }

    // MARK: - HEAD and other methods

    @Test func headAndOtherMethodsAreRefusedAlikeInBothProfilesOnCorasPaths() async throws {
        try await offThePool {
            for profile in ServerProfile.allCases {
                let server = try Self.server(profile)
                defer { server.stop() }
                let client = try RawClient(port: server.port)

                for path in ["/challenge/list", "/challenge/details/abc123def456ghi789"] {
                    client.send(Self.request("HEAD", path))
                    let head = try #require(client.response(toHead: true))
                    #expect(head.status == 405, "\(profile) HEAD \(path)")
                    #expect(head.head.contains("\r\nAllow: GET"), "\(profile) HEAD \(path)")
                }
                client.send(Self.request("PUT", "/challenge/auth"))
                let put = try #require(client.response())
                #expect(put.status == 405, "\(profile)")
                let allowed = profile == .full ? "POST, DELETE" : "POST"
                #expect(put.head.contains("\r\nAllow: \(allowed)\r\n"), "\(profile)")
            }
        }
    }

    @Test func coraAnswersHeadAndOtherMethodsOnPathsItDoesNotServeAsUnknownPaths() async throws {
        try await offThePool {
            let server = try Self.server(.cora)
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(Self.request("HEAD", "/nowhere"))
            let unknown = try #require(client.response(toHead: true))
            #expect(unknown.status == 404)
            for (method, path) in [("HEAD", "/health"), ("HEAD", "/users/me"), ("PUT", "/users/me"), ("GET", "/users")]
            {
                client.send(Self.request(method, path))
                let answer = try #require(client.response(toHead: method == "HEAD"))
                #expect(answer.status == 404, "\(method) \(path)")
                #expect(!answer.head.contains("\r\nAllow:"), "\(method) \(path)")
            }
        }
    }

    /// A details id is one non-empty path segment (`WireRoute.statementDetails`):
    /// an empty id or a raw `/` in it is a path nobody serves, in either
    /// profile, and the request is counted as reaching no route.
    @Test(arguments: ServerProfile.allCases)
    func aDetailsPathWithoutOneIDSegmentIsAPathNobodyServes(profile: ServerProfile) async throws {
        let server = try Self.server(profile)
        defer { server.stop() }
        try await offThePool {
            let client = try RawClient(port: server.port)
            for path in ["/challenge/details/", "/challenge/details/a/b"] {
                client.send(Self.request("GET", path, headers: ["apikey: test-key", "token: x"]))
                let answer = try #require(client.response())
                #expect(answer.status == 404, "\(path)")
                #expect(answer.body.contains("NOT_FOUND"), "\(path)")
            }
        }
        let metrics = await server.backend.metrics()
        #expect(metrics.requestCount(BackendRoute.statementDetails) == 0)
        #expect(metrics.requestCount(BackendRoute.noRoute) == 2)
    }

    // MARK: - Control API

    @Test func coraKeepsTheControlAPI() async throws {
        try await offThePool {
            let server = try Self.server(.cora)
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(Self.request("POST", "/_control/revoke", headers: []))
            #expect(client.response()?.status == 204)
            client.send(
                Self.request(
                    "POST", "/_control/faults", body: #"{"route":"GET /challenge/list","status":503}"#, headers: []))
            #expect(client.response()?.status == 204)
            client.send(Self.request("GET", "/_control/metrics", headers: []))
            let metrics = try #require(client.response())
            #expect(metrics.status == 200)
            #expect(metrics.body.contains(#""tokensLive":0"#))
        }
    }

    @Test(
        "A request that reaches no route — an unknown path, a method a path does not take, a wrong API key — is counted under (no route)",
        arguments: [ServerProfile.full, .cora])
    func requestsWithoutARouteAreCounted(_ profile: ServerProfile) async throws {
        try await offThePool {
            let server = try Self.server(profile)
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(Self.request("GET", "/nowhere"))
            #expect(client.response()?.status == 404)
            client.send(Self.request("PUT", "/challenge/list"))
            #expect(client.response()?.status == 405)
            client.send(Self.request("GET", "/challenge/list", headers: ["apikey: wrong-key"]))
            #expect(client.response()?.status == 403)
            client.send(Self.request("GET", "/_control/metrics", headers: []))
            let metrics = try #require(client.response())

            #expect(metrics.body.contains(#""(no route)":3"#))
        }
    }
}
