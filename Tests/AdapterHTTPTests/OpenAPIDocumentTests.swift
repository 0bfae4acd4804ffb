import Foundation
import Ports
import Testing

/// docs/openapi.yaml stays in step with the code: every route the adapters
/// call and every error code of the port is in it.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    private static let document: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)) ?? ""
    }()

    @Test(
        arguments: [
            "/challenge/auth", "/challenge/list", "/challenge/details/{id}", "/health", "/users", "/users/me",
            "/users/related", "/_control/health", "/_control/users/{cpf}", "/_control/revoke", "/_control/faults",
            "/_control/clock", "/_control/metrics", "/_control/reset",
        ])
    func everyRouteIsDocumented(path: String) {
        #expect(Self.document.contains("\n  \(path):"))
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
