import Composition
import Foundation
import Ports
import TaskRuntime
import VirtualTime
import Testing
import CompositionTesting

/// docs/environments.md's table of what each built-in environment offers is
/// what its plugins declare: the adapters each environment chooses are made
/// (nothing is sent) and asked, and every built-in environment has its row.
/// The screens follow those declarations: no sign-up where the backend
/// creates no accounts, no profile edit, related people or account deletion
/// where it has no account routes (`SignUpNotOfferedScreenTests`,
/// `AccountRoutesNotOfferedScreenTests`, the scripts under
/// `Tests/Acceptance/cora/`).
@Suite("docs/environments.md's table of what each environment offers")
struct EnvironmentOffersDocumentationTests {
    static let header =
        "| environment | sign-up | password sign-in | browser | another device | profile edit, related people, account deletion | logout at the server |"

    /// The table's rows, by environment, each as its cells after the name.
    static func documentedRows() throws -> [String: [String]] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/environments.md")
        let lines = try String(contentsOf: docs, encoding: .utf8).components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: header) else {
            Issue.record("docs/environments.md has no table of what each environment offers")
            return [:]
        }
        var rows: [String: [String]] = [:]
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = cells.first else { continue }
            rows[name.replacingOccurrences(of: "`", with: "")] = Array(cells.dropFirst())
        }
        return rows
    }

    /// What `environment`'s auth and user adapters declare, as the table writes it.
    static func offers(_ environment: AppEnvironment) throws -> [String] {
        var environment = environment
        // Any variable that is set stands in for the API key: the adapters
        // are made and asked, and nothing is sent.
        if environment.pluginSettings["apiKeyVariable"] != nil {
            environment.pluginSettings["apiKeyVariable"] = .text("PATH")
        }
        let registry = PluginRegistry.standard
        let activity = VirtualActivity()
        let clock = WorldClock.virtual(ManualClock(activity: activity), executor: nil)
        func context(_ port: PortName) -> PluginContext {
            PluginContext(settings: registry.settings(for: port, in: environment), clock: clock, activity: activity)
        }
        let authPlugin = try #require(registry.auth.first { $0.name == environment.plugins.auth })
        let userPlugin = try #require(registry.user.first { $0.name == environment.plugins.user })
        let auth = try authPlugin.make(context(.auth))
        let user = try userPlugin.make(context(.user))
        func said(_ offered: Bool) -> String { offered ? "yes" : "no" }
        let password =
            !auth.signInMethods.contains(.password)
            ? "no" : auth.signsInByEmail ? (auth.signsInByCPF ? "CPF or e-mail" : "e-mail") : "CPF"
        return [
            said(auth.offersRegistration), password, said(auth.signInMethods.contains(.browser)),
            said(auth.signInMethods.contains(.device)), said(user.offersAccountRoutes), said(auth.offersSignOut),
        ]
    }

    @Test(
        "Every built-in environment has its row, and the row is what its plugins declare",
        arguments: AppEnvironment.builtIn)
    func rowIsWhatThePluginsDeclare(_ environment: AppEnvironment) throws {
        let rows = try Self.documentedRows()
        let row = try #require(
            rows[environment.name], "docs/environments.md's table has no row for \(environment.name)")
        #expect(row == (try Self.offers(environment)), "\(environment.name)")
    }

    @Test("The table names no environment the app does not have")
    func noStrayRow() throws {
        #expect(Set(try Self.documentedRows().keys) == Set(AppEnvironment.builtIn.map(\.name)))
    }
}
