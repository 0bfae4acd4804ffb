import Foundation
import Ports
import Testing
import WireContract

/// docs/openapi.yaml stays in step with the code: its wire routes are
/// exactly the route table's (`WireRoute`), each with the table's
/// credentials; the control API's routes and every error code of the port
/// are in it.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    private static let document: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)) ?? ""
    }()

    private static let operations = OpenAPIOperations(document: document)

    /// The control API's paths (not in the route table: only test backends
    /// have them); the wire routes are checked against the table below.
    @Test(
        arguments: [
            "/_control/health", "/_control/users/{cpf}", "/_control/revoke", "/_control/faults", "/_control/clock",
            "/_control/metrics", "/_control/reset",
        ])
    func everyRouteIsDocumented(path: String) {
        #expect(Self.document.contains("\n  \(path):"))
    }

    /// OpenAPI writes a parameter `{id}` where the table writes `:id`.
    private static func tableKey(_ operation: OpenAPIOperations.Operation) -> String {
        let path = operation.path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : segment
        }
        return "\(operation.method) \(path.joined(separator: "/"))"
    }

    private static var wireOperations: [OpenAPIOperations.Operation] {
        operations.operations.filter { !$0.path.hasPrefix("/_control/") }
    }

    @Test("The document's wire operations are exactly the route table's: no route missing, none extra")
    func theWireRoutesAreExactlyTheTable() {
        #expect(Self.operations.unreadLines.isEmpty, "lines of paths the reader does not understand")
        #expect(Self.operations.operations.count > WireRoute.all.count, "the document's paths were not read")
        let documented = Self.wireOperations.map(Self.tableKey)
        #expect(documented.sorted() == WireRoute.all.map(\.key).sorted())
        #expect(Set(documented).count == documented.count, "an operation documented twice")
    }

    @Test("Each wire operation asks for the credentials its route takes in the table", arguments: WireRoute.all)
    func eachRouteAsksForTheTablesCredentials(route: WireRoute) throws {
        let operation = try #require(Self.wireOperations.first { Self.tableKey($0) == route.key })
        // No `security` line: the document's default, the API key alone.
        let expected: Set<String?> =
            switch route.authorization {
            case .noCredentials: ["[]"]
            case .apiKey: ["[{ apiKey: [] }]", nil]
            case .apiKeyAndToken: ["[{ apiKey: [], token: [] }, { apiKey: [], bearer: [] }]"]
            }
        #expect(expected.contains(operation.security), "\(route): security \(operation.security ?? "(default)")")
        #expect(Self.document.contains("security:\n  - apiKey: []\npaths:"), "the default is the API key alone")
    }

    @Test(arguments: RemoteErrorCode.allCases)
    func everyErrorCodeIsDocumented(code: RemoteErrorCode) {
        #expect(Self.document.contains(code.rawValue))
    }

    @Test func theWireNamesOfTheSeedAreDocumented() {
        for name in [
            "is_deleted", "counterPartyName", "accountNumberDigit", "agencyNumberDigit", "documentType", "itemsTotal",
            "dateEvent",
        ] {
            #expect(Self.document.contains(name), "\(name)")
        }
    }
}
