import Foundation
import Testing
import WireContract

/// Issue 25's "one route table", checked rather than promised: each wire
/// route's path string is written in exactly one Swift source file among the
/// reference server, the in-memory backend and the adapters — the table's
/// (`Sources/WireContract/WireRoute.swift`). Everything else reads it from
/// `WireRoute`, so the client, the server and the backend cannot drift apart.
///
/// How a path is searched for, comments and string literals alike (as
/// `git grep` sees them):
/// - A templated route is searched by its fixed part up to the first
///   parameter: `/challenge/details/` for `/challenge/details/:id`, which is
///   what a hand-built details path starts with whatever its id.
/// - A path of two or more segments is searched without its leading `/`
///   (`users/me`), so a relative path as the adapters once wrote it
///   (`"users/me"`) counts as much as a rooted one (`/users/me`).
/// - A path of one segment keeps its `/` (`/health`, `/users`): without it,
///   it is a plain word (`"users"` is also a JSON key).
/// - It must stand as a whole path: no letter, digit, `-`, `_`, `.` or `~`
///   just before it (so Actuator's `/actuator/health` or Supabase's
///   `auth/v1/health` is another path), and no such character or `/` just
///   after it (`/users/me` is not `/users`) unless the searched text ends in
///   `/` (the templated one).
@Suite("Route strings in one place")
struct RouteStringPlacementTests {
    /// Where the routes are spoken: the table itself, the reference server,
    /// and every adapter (the in-memory backend and the HTTP adapters among them).
    static func checkedFolders(in root: URL) throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let adapters = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasPrefix("Adapter") || $0 == "ExampleAdapters" }
        return (["WireContract", "ReferenceServer"] + adapters.sorted()).map { "Sources/\($0)" }
    }

    static let tableFile = "Sources/WireContract/WireRoute.swift"

    /// Tests/WireContractTests/RouteStringPlacementTests.swift: three levels below the root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text searched for `route` (see the type's comment).
    static func searchedText(for route: WireRoute) -> String {
        var fixed = route.template
        if let parameter = fixed.range(of: "/:") { fixed = String(fixed[..<parameter.lowerBound]) + "/" }
        let segments = fixed.split(separator: "/")
        return segments.count >= 2 ? String(fixed.dropFirst()) : fixed
    }

    /// Whether `text` holds `route`'s path string as a whole path.
    static func mentions(_ route: WireRoute, in text: String) -> Bool {
        let searched = searchedText(for: route)
        let pathCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~")
        var rest = text[...]
        while let found = rest.range(of: searched) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : nil
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : nil
            let wholeBefore = before.map { !pathCharacters.contains($0) } ?? true
            let wholeAfter =
                searched.hasSuffix("/")
                || after.map { $0 != "/" && ($0 == "." || !pathCharacters.contains($0)) } ?? true
            if wholeBefore && wholeAfter { return true }
            rest = text[found.upperBound...]
        }
        return false
    }

    @Test("The search finds a path however it is written, and not a longer path that holds it")
    func theSearchFindsWholePathsOnly() {
        #expect(Self.searchedText(for: .statementDetails) == "challenge/details/")
        #expect(Self.searchedText(for: .currentUser) == "users/me")
        #expect(Self.searchedText(for: .health) == "/health")
        #expect(Self.searchedText(for: .register) == "/users")

        #expect(Self.mentions(.currentUser, in: #"HTTPRequest(method: "GET", path: "users/me")"#))
        #expect(Self.mentions(.currentUser, in: "/// over `GET /users/me`."))
        #expect(Self.mentions(.statementDetails, in: #"path: "challenge/details/\(id)""#))
        #expect(Self.mentions(.health, in: #"request.path == "/health""#))
        #expect(Self.mentions(.health, in: "then /health fails."))
        #expect(Self.mentions(.register, in: #"case ("POST", "/users"):"#))

        #expect(!Self.mentions(.health, in: #"path == "/actuator/health""#))
        #expect(!Self.mentions(.health, in: #"path: "auth/v1/health""#))
        #expect(!Self.mentions(.health, in: #"path: "/_control/health""#))
        #expect(!Self.mentions(.health, in: "/healthz"))
        #expect(!Self.mentions(.register, in: "`/users/me`, `/users/related`"))
        #expect(!Self.mentions(.register, in: #"WireFormat.array(answer, "users")"#))
        #expect(!Self.mentions(.currentUser, in: "`/users/meta`"))
    }

    @Test("Each route's path string is in one Swift source file of the server and the adapters: the table's")
    func eachPathIsWrittenOnce() throws {
        let folders = try Self.checkedFolders(in: Self.root)
        #expect(folders.contains("Sources/AdapterHTTP") && folders.contains("Sources/AdapterInMemory"))
        var files: [(path: String, text: String)] = []
        for folder in folders {
            let base = Self.root.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(atPath: base.path))
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                files.append(("\(folder)/\(relative)", text))
            }
        }
        #expect(files.contains { $0.path == Self.tableFile }, "the table was not read: \(Self.root.path)")
        for route in WireRoute.all {
            let holders = files.filter { Self.mentions(route, in: $0.text) }.map(\.path).sorted()
            #expect(
                holders == [Self.tableFile],
                "\(Self.searchedText(for: route)) (\(route)) is written in \(holders); read it from WireRoute instead")
        }
    }
}
