import Foundation
import Ports
import Testing

/// `docs/contract-suites.md`'s table of what each adapter declares is the
/// adapters' own declarations: every adapter of the remote suites' lists
/// (decorators aside: they pass their adapter's declarations through) has
/// its row, each row says what the adapter declares, and no row names an
/// adapter the lists do not run.
@Suite("The capability table in docs/contract-suites.md")
struct CapabilityTableTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/contract-suites.md")

    @Test("Each adapter's row is what it declares, and every adapter has one")
    func rowsAreTheDeclarations() async throws {
        let documented = try Self.documentedRows()
        let declared = try await Self.declaredRows()
        for (adapter, row) in declared.sorted(by: { $0.key < $1.key }) {
            guard let written = documented[adapter] else {
                Issue.record(
                    "docs/contract-suites.md has no capability row for `\(adapter)`: add `\(row.line(adapter))`")
                continue
            }
            #expect(written == row.cells, "`\(adapter)` declares: \(row.line(adapter))")
        }
        for adapter in Set(documented.keys).subtracting(declared.keys).sorted() {
            Issue.record("docs/contract-suites.md has a capability row for `\(adapter)`, which no suite's list runs")
        }
    }

    /// The rows between the table's markers, by adapter name.
    static func documentedRows() throws -> [String: [String]] {
        let text = try String(contentsOf: document, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- capability-table:begin -->"))
        let end = try #require(text.range(of: "<!-- capability-table:end -->"))
        var rows: [String: [String]] = [:]
        for line in text[begin.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = cells.first else { continue }
            rows[name.trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Array(cells.dropFirst())
        }
        return rows
    }

    /// What each adapter of the suites' lists declares, by its type's name.
    static func declaredRows() async throws -> [String: CapabilityRow] {
        var rows: [String: CapabilityRow] = [:]
        for entry in RemoteAdapters.ourAuth where entry.isNotADecorator {
            let (auth, _) = try await entry.make()
            rows[String(describing: type(of: auth))] = CapabilityRow(auth: auth)
        }
        for entry in RemoteAdapters.ourUsers where entry.isNotADecorator {
            let (users, _) = try await entry.make()
            rows[String(describing: type(of: users))] = CapabilityRow(users: users)
        }
        for entry in RemoteAdapters.ourHealth where entry.isNotADecorator {
            let (probe, _) = try await entry.make()
            rows[String(describing: type(of: probe))] = CapabilityRow(health: probe)
        }
        return rows
    }
}

extension RemoteAdapterFactory {
    /// The decorators run over the in-memory backend and run no plugin of
    /// their own; every adapter proper runs a plugin or speaks another wire.
    var isNotADecorator: Bool { plugin != nil || fixtureDialect != .inMemoryBackend }
}

/// One row of the table: the columns of `docs/contract-suites.md`'s
/// capability table, blank where the capability is another port's.
struct CapabilityRow: Equatable {
    var rotation = "", toldApart = "", cpf = "", email = "", registration = ""
    var currentUser = "", accountRoutes = "", expiredToldApart = "", cpfInProfile = "", healthSource = ""

    var cells: [String] {
        [
            rotation, toldApart, cpf, email, registration, currentUser, accountRoutes, expiredToldApart, cpfInProfile,
            healthSource,
        ]
    }

    func line(_ adapter: String) -> String { "| `\(adapter)` | " + cells.joined(separator: " | ") + " |" }

    init(auth: any AuthRemoteAPI) {
        rotation =
            switch auth.refreshRotation {
            case .always: "always"
            case .never: "never"
            case .asTheServerChooses: "as the server chooses"
            }
        let named: [(AuthRefusalsToldApart, String)] = [
            (.inactiveAccountAtSignIn, "inactive at sign-in"), (.expiryAtRefresh, "expiry at refresh"),
            (.accountStateAtRefresh, "account state at refresh"),
        ]
        let told = named.filter { auth.refusalsToldApart.contains($0.0) }.map(\.1)
        toldApart = told.isEmpty ? "none" : told.joined(separator: ", ")
        cpf = Self.yesNo(auth.signsInByCPF)
        email = Self.yesNo(auth.signsInByEmail)
        let fields = RegistrationField.allCases.filter(auth.registrationOffer.fields.contains).map(\.rawValue)
            .joined(separator: ", ")
        registration =
            switch auth.registrationOffer {
            case .none: "none"
            case .createsAnAccount: "an account (\(fields))"
            case .createsAnAccountToConfirm: "an account to confirm (\(fields))"
            case .createsASession: "a session (\(fields))"
            }
    }

    init(users: any UserRemoteAPI) {
        currentUser = Self.yesNo(users.offersCurrentUser)
        accountRoutes = Self.yesNo(users.offersAccountRoutes)
        expiredToldApart = Self.yesNo(users.tellsExpiredTokenApart)
        cpfInProfile = Self.yesNo(users.profileCarriesCPF)
    }

    init(health: any HealthProbe) {
        healthSource =
            switch health.source {
            case .healthRoute: "health route"
            case .theAppsCalls: "the app's calls"
            }
    }

    private static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }
}
