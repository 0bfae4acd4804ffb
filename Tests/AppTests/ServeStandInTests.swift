import CompositionTesting
import Foundation
import OffThePool
import Testing

@testable import GatehouseApp

/// `app serve --profile firebase|supabase` (docs/reference-server.md,
/// "Stand-ins of Firebase and Supabase"): the options it takes and refuses,
/// the key it requires, and the documented environment file of each backend
/// signing the demo account in against it, as a person runs the two
/// commands docs/environments.md gives.
@Suite("app serve: the Firebase and Supabase stand-ins")
struct ServeStandInTests {
    typealias Dialect = DialectStandInServer.Dialect

    @Test(
        "--profile names a dialect's stand-in, on its documented port unless --port moves it",
        arguments: Dialect.allCases)
    func profileNamesTheStandIn(dialect: Dialect) throws {
        let options = try ServeOptions.parse(["--profile", dialect.rawValue])
        #expect(options.dialect == dialect)
        #expect(options.standIn(dialect, apiKey: "k", referenceKey: "r").standInPort == dialect.standInPort)
        let moved = try ServeOptions.parse(["--profile", dialect.rawValue, "--port", "0"])
        #expect(moved.standIn(dialect, apiKey: "k", referenceKey: "r").standInPort == 0)
    }

    @Test(
        "Every flag of the reference server alone is refused with a dialect's profile, naming it",
        arguments: Dialect.allCases, ServeOptions.referenceServerFlags)
    func referenceServerFlagsAreRefused(dialect: Dialect, flag: String) {
        var arguments = ["--profile", dialect.rawValue, flag]
        if flag == "--host" { arguments.append("127.0.0.1") }
        if flag == "--rotation-grace" { arguments.append("5") }
        #expect(throws: UsageError.self) { try ServeOptions.parse(arguments) }
        do {
            _ = try ServeOptions.parse(arguments)
        } catch {
            #expect(error.description.contains("option \(flag) belongs to the reference server's profiles"))
            #expect(error.description.contains("--profile \(dialect)"))
        }
    }

    @Test("--reference-port is Firebase's alone")
    func referencePortIsFirebasesAlone() throws {
        let firebase = try ServeOptions.parse(["--profile", "firebase", "--reference-port", "0"])
        #expect(firebase.standIn(.firebase, apiKey: "k", referenceKey: "r").referencePort == 0)
        for other in [["--profile", "supabase"], [], ["--profile", "cora"]] {
            #expect(throws: UsageError.self) { try ServeOptions.parse(other + ["--reference-port", "0"]) }
        }
    }

    @Test("An unknown profile lists all four; a script's server refuses a dialect's, saying serve has it")
    func unknownAndMisplacedProfiles() {
        do {
            _ = try ServeOptions.parse(["--profile", "pocketbase"])
            Issue.record("an unknown profile was taken")
        } catch {
            #expect(error.description.contains("the profiles are full, cora, firebase, supabase"))
        }
        do {
            _ = try ServeOptions.profile(named: "firebase", helpTopic: "run")
            Issue.record("a script's server took the firebase profile")
        } catch {
            #expect(error.description.contains("--profile firebase belongs to 'serve'"))
        }
    }

    @Test(
        "A stand-in's key comes from its backend's variable, required: unset or empty is refused naming it",
        arguments: Dialect.allCases)
    func theKeyIsRequired(dialect: Dialect) throws {
        let options = try ServeOptions.parse(["--profile", dialect.rawValue])
        for environment in [[:], [dialect.keyVariable: ""], [ServeOptions.standardKeyVariable: "gatehouse"]] {
            #expect(throws: UsageError.self) {
                try options.resolvedAPIKey(environment: environment, readFile: { _ in "" })
            }
        }
        do {
            _ = try options.resolvedAPIKey(environment: [:], readFile: { _ in "" })
        } catch {
            #expect(error.description.contains("the environment variable \(dialect.keyVariable) is not set"))
        }
        #expect(
            try options.resolvedAPIKey(environment: [dialect.keyVariable: "team-key"], readFile: { _ in "" })
                == "team-key")
        let named = try ServeOptions.parse(["--profile", dialect.rawValue, "--api-key-env", "OTHER"])
        #expect(try named.resolvedAPIKey(environment: ["OTHER": "other-key"], readFile: { _ in "" }) == "other-key")
    }

    /// The stand-in (and, for Firebase, the reference server beside it) in
    /// a second process on ports the system picks; the documented
    /// environment file with those ports; the app in a terminal sends a
    /// password of the backend's rule that is wrong (refused naming no CPF),
    /// then signs the demo account in by e-mail and opens the dashboard. The
    /// server's log shows the stand-in's route and never the key.
    @Test(
        "The documented environment file signs the demo account in against `app serve --profile`",
        arguments: Dialect.allCases)
    func theDocumentedFileSignsIn(dialect: Dialect) async throws {
        try await offThePool {
            let key = "stand-in-key-Qx73"
            var arguments = ["serve", "--profile", dialect.rawValue, "--port", "0"]
            if dialect == .firebase { arguments += ["--reference-port", "0"] }
            let server = try PseudoTerminal(arguments: arguments, environment: [dialect.keyVariable: key])
            try server.waitFor("Ctrl-C stops.")
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "gatehouse-stand-in-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("\(dialect).json")
            try Data(try Self.environmentFile(dialect, banner: server.drawn, directory: directory).utf8).write(to: file)

            let app = try PseudoTerminal(
                arguments: ["--env", file.path, "--locale", "en-US"], environment: [dialect.keyVariable: key])
            try app.waitFor("welcome>")
            app.type("tap sign-in\r")
            try app.waitFor("sign-in>")
            app.type("type identifier maria@example.com\r")
            app.type("tap next\r")
            try app.waitFor("sign-in-password>")
            // The backend's own password rule (six characters at least, not
            // Cora's six digits): the screen sends this one, and the server's
            // refusal names no CPF, which this backend does not take.
            app.type("type password correct-horse-battery\r")
            app.type("tap next\r")
            try app.waitFor("Wrong e-mail or password.")
            app.type("type password 123456\r")
            app.type("tap next\r")
            try app.waitFor("Hello, Maria Silva!")
            app.type("quit\r")
            #expect(app.exitStatus() == 0)

            let route =
                dialect == .firebase
                ? "POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword → 200"
                : "POST /auth/v1/token → 200"
            try server.waitFor(route)
            #expect(!server.drawn.contains(key), "the server's output holds the key")
            kill(server.pid, SIGINT)
            #expect(server.exitStatus() == 0)
        }
    }

    /// docs/environments.md's file for `dialect`, its addresses moved to
    /// the ports the banner names, its store in `directory`.
    static func environmentFile(_ dialect: Dialect, banner: String, directory: URL) throws -> String {
        let stores = """
            "storeDirectory": "\(directory.path)/store", "preferencesDirectory": "\(directory.path)/preferences"
            """
        switch dialect {
        case .supabase:
            let base = try #require(Self.address(after: "stand-in on ", in: banner))
            return """
                { "name": "supabase", "base": "oauth2-local",
                  "plugins": { "auth": "supabase", "user": "supabase", "health": "supabase" },
                  "settings": { "baseURL": "\(base)", "apiKeyVariable": "SUPABASE_ANON_KEY", \(stores) } }
                """
        case .firebase:
            let identityToolkit = try #require(Self.address(after: "Identity Toolkit stand-in on ", in: banner))
            let secureToken = try #require(Self.address(after: "Secure Token stand-in on ", in: banner))
            let reference = try #require(Self.address(after: "full profile) on ", in: banner))
            return """
                { "name": "firebase", "base": "local", "plugins": { "auth": "firebase" },
                  "settings": { "identityToolkitBaseURL": "\(identityToolkit)", "secureTokenBaseURL": "\(secureToken)",
                                "webAPIKeyVariable": "FIREBASE_WEB_API_KEY", "baseURL": "\(reference)", \(stores) } }
                """
        }
    }

    /// The URL that follows `label` in `text`, up to the line's end.
    static func address(after label: String, in text: String) -> String? {
        guard let start = text.range(of: label)?.upperBound else { return nil }
        let url = text[start...].prefix { !$0.isWhitespace }
        return url.hasPrefix("http://127.0.0.1:") ? String(url) : nil
    }
}
