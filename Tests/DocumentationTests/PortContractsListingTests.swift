import Foundation
import Testing

/// The README and the two guides name every contract `PortContracts` holds:
/// read from the library's files (`Sources/PortContracts/*Contract.swift`),
/// so a contract added there fails here until the docs name it.
@Suite("The docs name every contract of PortContracts")
struct PortContractsListingTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let contracts: [String] = {
        let folder = repository.appendingPathComponent("Sources/PortContracts").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix("Contract.swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
    }()

    @Test("PortContracts has contracts to name")
    func thereAreContracts() {
        #expect(Self.contracts.count >= 4, "found \(Self.contracts)")
    }

    @Test(
        "Each page names each contract",
        arguments: [
            "README.md", "Sources/Ports/Ports.docc/AddingAnAdapter.md",
            "Sources/Ports/Ports.docc/CheckingYourBackend.md",
        ])
    func pageNamesEveryContract(page: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(page), encoding: .utf8)
        for contract in Self.contracts {
            #expect(text.contains(contract), "\(page) does not name \(contract), which Sources/PortContracts holds")
        }
    }
}
