import Composition
import Foundation
import Testing
import CompositionTesting

/// `EnvironmentFile.check`: a file's problems named all at once, in the order
/// a person fixes them, and JSON that breaks off named by line and column.
@Suite("Environment files: every problem at once")
struct EnvironmentFileProblemsTests {
    private func fields(_ json: String) -> [String] {
        EnvironmentFile.check(Data(json.utf8), path: "test.json", registry: .standard).problems.map { problem in
            guard case .environmentFileInvalid(_, let field, _) = problem else { return "\(problem)" }
            return field
        }
    }

    @Test func everyBadFieldIsNamed() {
        let json = #"""
            { "nmae": "x", "summary": 3,
              "plugins": { "auht": "in-memory", "clock": 1 },
              "settings": { "tokenLifetimeSeconds": "60", "locale": "fr-FR", "nonsense": true } }
            """#
        #expect(
            fields(json) == [
                "nmae", "summary", "plugins.auht", "plugins.clock", "settings.locale", "settings.nonsense",
                "settings.tokenLifetimeSeconds",
            ])
        #expect(EnvironmentFile.check(Data(json.utf8), path: "test.json", registry: .standard).environment == nil)
    }

    @Test func aGoodFileHasAnEnvironmentAndNoProblem() throws {
        let checked = EnvironmentFile.check(Data(#"{"name": "fine"}"#.utf8), path: "fine.json", registry: .standard)
        #expect(checked.problems.isEmpty)
        #expect(try #require(checked.environment).name == "fine")
    }

    @Test func parseStillThrowsTheFirstProblem() {
        #expect(
            throws: CompositionError.environmentFileInvalid(
                path: "test.json", field: "a", reason: "is not known (known: name, summary, base, plugins, settings)")
        ) {
            try EnvironmentFile.parse(Data(#"{"a": 1, "b": 2}"#.utf8), path: "test.json", registry: .standard)
        }
    }

    @Test func anUnknownBaseEndsTheReadingWithWhatCameBefore() {
        #expect(fields(#"{"x": 1, "base": "production", "settings": {"nonsense": 1}}"#) == ["x", "base"])
        #expect(fields(#"{"base": 7, "settings": {"nonsense": 1}}"#) == ["base"])
    }

    @Test func theMarginIsComparedOnlyWhenBothTimesWereRead() {
        #expect(fields(#"{"settings": {"refreshMarginSeconds": 90}}"#) == ["settings.refreshMarginSeconds"])
        #expect(
            fields(#"{"settings": {"refreshMarginSeconds": 90, "tokenLifetimeSeconds": -1}}"#) == [
                "settings.tokenLifetimeSeconds"
            ])
    }

    @Test(
        "JSON that breaks off is named by line and column",
        arguments: [
            ("{\n  \"a\": 1,\n  \"b\": x\n}", "line 3, column 8"),
            ("{\"name\": ", "line 1, column 10"),
            ("{\n  \"名前\": \"é\", \"b\": ?}", "line 2, column 19"),
        ])
    func jsonErrorsSayWhere(json: String, place: String) throws {
        let problem = try #require(
            EnvironmentFile.check(Data(json.utf8), path: "bad.json", registry: .standard).problems.first)
        #expect(problem.description == "environment file bad.json: field '(top level)' is not valid JSON (at \(place))")
    }

    @Test func aMissingFileIsOneProblem() {
        let path = "/nonexistent/gatehouse-\(UUID().uuidString).json"
        #expect(
            EnvironmentFile.check(path: path, registry: .standard).problems == [
                .environmentFileUnreadable(path: path, reason: "no such file")
            ])
    }

    @Test(
        "The plugins' problems are named with the fields' at once: an unknown plugin, a clear-text address, no API key")
    func thePluginsProblemsComeWithTheFields() {
        let json = #"""
            { "base": "local", "plugins": { "auht": "http", "store": "nosuch" }, "stray": 1,
              "settings": { "baseURL": "http://example.com:8080", "tokenLifetimeSeconds": 5,
                            "refreshMarginSeconds": 10, "connectionsPerHost": 8.5,
                            "apiKeyVariable": "GATEHOUSE_TEST_NO_SUCH_VARIABLE" } }
            """#
        let problems = EnvironmentFile.check(Data(json.utf8), path: "test.json", registry: .standard).problems.map(
            \.description)
        #expect(problems.count == 7, "\(problems)")
        #expect(
            Array(problems.prefix(4)) == [
                "environment file test.json: field 'stray' is not known (known: name, summary, base, plugins, settings)",
                "environment file test.json: field 'plugins.auht' is not known (known: auth, user, statement, health, connectivity, store, coding, clock, preferences, browser, events)",
                "environment file test.json: field 'settings.connectionsPerHost' must be a whole number from 1 to 64",
                "environment file test.json: field 'settings.refreshMarginSeconds' must be shorter than the token lifetime",
            ])
        #expect(problems.contains { $0.contains("SessionDataStore plugin named 'nosuch'") })
        #expect(problems.contains { $0.contains("'http://example.com:8080' would send tokens in clear") })
        #expect(problems.contains { $0.contains("$GATEHOUSE_TEST_NO_SUCH_VARIABLE is needed") })
    }

    @Test func aDirectoryIsSaidToBeOne() {
        let path = FileManager.default.temporaryDirectory.path
        #expect(
            EnvironmentFile.check(path: path, registry: .standard).problems == [
                .environmentFileUnreadable(path: path, reason: "it is a directory, not a file")
            ])
    }

    @Test("A file past 1 MiB is refused unread, saying so; a FIFO or a device at the path is refused at once")
    func boundedAndRegularOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("env-bound-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Sparse: 200 MB on paper, nothing on the disk, as a wrong path to a big file.
        let big = directory.appendingPathComponent("big.json").path
        #expect(FileManager.default.createFile(atPath: big, contents: Data(#"{"name": "x"}"#.utf8)))
        #expect(truncate(big, 200_000_000) == 0)
        #expect(
            EnvironmentFile.check(path: big, registry: .standard).problems == [
                .environmentFileUnreadable(path: big, reason: "it is larger than 1 MiB (1048576 bytes)")
            ])
        let fifo = directory.appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(
            EnvironmentFile.check(path: fifo, registry: .standard).problems == [
                .environmentFileUnreadable(path: fifo, reason: "it is not a regular file")
            ])
        #expect(
            EnvironmentFile.check(path: "/dev/zero", registry: .standard).problems == [
                .environmentFileUnreadable(path: "/dev/zero", reason: "it is not a regular file")
            ])
    }
}
