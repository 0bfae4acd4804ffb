import Testing

/// The checks fed fake manifests and fake sources: proof that the tests of the
/// real tree can fail, and that they fail where and how they should.
@Suite("Architecture checks")
struct ArchitectureChecksTests {
    private let table = DependencyTable.gatehouse
    private let projectModules = Set(DependencyTable.gatehouse.modules)

    private func importViolations(in module: String, _ source: String, file: String = "Sources/X/X.swift")
        -> [ArchitectureViolation]
    {
        ArchitectureChecks.importViolations(
            file: file, module: module, source: source, projectModules: projectModules, table: table)
    }

    // MARK: Reading imports

    @Test(
        "Every spelling of an import is read",
        arguments: [
            ("import Ports", "Ports"),
            ("public import Ports", "Ports"),
            ("internal import Ports", "Ports"),
            ("package import Ports", "Ports"),
            ("@testable import Ports", "Ports"),
            ("@preconcurrency import Ports", "Ports"),
            ("@preconcurrency public import Ports", "Ports"),
            ("@_spi(Testing) @testable internal import Ports", "Ports"),
            ("import struct Ports.UserProfile", "Ports"),
            ("import Ports.Submodule", "Ports"),
            ("    import Ports;", "Ports"),
        ])
    func everySpellingOfAnImportIsRead(line: String, module: String) {
        #expect(ImportReader.imports(in: line) == [ImportedModule(module: module, line: 1)])
    }

    @Test(
        "Comments, strings and other words are not imports",
        arguments: [
            "// import AdapterHTTP",
            "/// import AdapterHTTP",
            "/* import AdapterHTTP */",
            "/*\nimport AdapterHTTP\n*/",
            "/* outer /* nested */\nimport AdapterHTTP */",
            "let text = \"import AdapterHTTP\"",
            "#if canImport(AdapterHTTP)",
            "importer AdapterHTTP",
        ])
    func commentsAndStringsAreNotImports(source: String) {
        #expect(ImportReader.imports(in: source).isEmpty)
    }

    @Test("Imports keep their line numbers past comments and multi-line strings")
    func importsKeepTheirLineNumbers() {
        let source = """
            /* a comment
               over two lines */
            import Foundation
            let banner = \"""
                // not a comment
                \"""
            import Ports; import Synchronization
            """
        #expect(
            ImportReader.imports(in: source) == [
                ImportedModule(module: "Foundation", line: 3),
                ImportedModule(module: "Ports", line: 7),
                ImportedModule(module: "Synchronization", line: 7),
            ])
    }

    // MARK: Imports against the table

    @Test("A DomainCore file importing an adapter is one violation naming the file, the line and the rule")
    func domainImportingAnAdapterIsOneViolation() {
        let source = """
            public import Foundation
            public import Ports
            import AdapterHTTP

            struct Thing {}
            """
        let violations = importViolations(in: "DomainCore", source, file: "Sources/DomainCore/X.swift")

        #expect(violations.count == 1)
        #expect(violations.first?.file == "Sources/DomainCore/X.swift")
        #expect(violations.first?.line == 3)
        #expect(
            violations.first?.description
                == "Sources/DomainCore/X.swift:3 imports AdapterHTTP; "
                + "DomainCore may import only Ports from this package "
                + "(the domain never names an adapter; it reaches the world only through the ports)")
    }

    @Test(
        "DomainCore imports no system module but Foundation, Observation and Synchronization",
        arguments: ["FoundationNetworking", "Glibc", "Darwin", "Dispatch"])
    func domainImportingAForbiddenSystemModuleIsAViolation(module: String) {
        let violations = importViolations(in: "DomainCore", "import \(module)", file: "Sources/DomainCore/Y.swift")

        #expect(violations.count == 1)
        #expect(violations.first?.line == 1)
        #expect(
            violations.first?.description.hasPrefix(
                "Sources/DomainCore/Y.swift:1 imports \(module); of the system modules DomainCore may import only "
                    + "Foundation, Observation and Synchronization") == true)
    }

    @Test("A commented-out import is no violation")
    func commentedOutImportIsNoViolation() {
        #expect(importViolations(in: "DomainCore", "// import AdapterHTTP\n/* import FoundationNetworking */").isEmpty)
    }

    @Test("A @testable import is seen")
    func testableImportIsSeen() {
        let violations = importViolations(in: "DomainCore", "import Ports\n@testable import AdapterInMemory")
        #expect(violations.map(\.line) == [2])
        #expect(violations.first?.problem.hasPrefix("imports AdapterInMemory;") == true)
    }

    @Test("Ports imports no other module of this package, and not FoundationNetworking")
    func portsImportNothingOfThePackage() {
        let violations = importViolations(
            in: "Ports", "import Foundation\nimport Synchronization\nimport DomainCore\nimport FoundationNetworking")
        #expect(violations.map(\.line) == [3, 4])
        #expect(violations.first?.problem.contains("Ports may import no other module of this package") == true)
    }

    @Test(
        "An adapter imports Ports and any system module, but no other adapter and not the domain",
        arguments: ["AdapterInMemory", "AdapterHTTP", "AdapterFileKeychain", "AdapterSystem"])
    func adaptersImportOnlyPorts(adapter: String) {
        let allowed = "import Ports\nimport Foundation\nimport FoundationNetworking\nimport Glibc\nimport Dispatch"
        #expect(importViolations(in: adapter, allowed).isEmpty)

        let otherAdapter = adapter == "AdapterHTTP" ? "AdapterInMemory" : "AdapterHTTP"
        let forbidden = importViolations(in: adapter, "import DomainCore\nimport \(otherAdapter)\nimport Composition")
        #expect(forbidden.map(\.line) == [1, 2, 3])
    }

    @Test(
        "An adapter that speaks the wire contract imports its route table; any other adapter does not",
        arguments: [
            ("SimulatedBackend", true), ("AdapterHTTP", true), ("AdapterInMemory", false),
            ("AdapterFileKeychain", false),
            ("AdapterSystem", false), ("AdapterDerived", false),
        ])
    func onlyWireAdaptersImportTheRouteTable(adapter: String, speaksTheWire: Bool) {
        let violations = importViolations(in: adapter, "import Ports\nimport WireContract")
        #expect(violations.map(\.line) == (speaksTheWire ? [] : [2]))
    }

    @Test("The route table imports Foundation and nothing of ours: no port, no adapter, no networking")
    func theRouteTableImportsNothingOfThePackage() {
        let violations = importViolations(
            in: "WireContract", "import Foundation\nimport Ports\nimport AdapterHTTP\nimport FoundationNetworking")
        #expect(violations.map(\.line) == [2, 3, 4])
    }

    @Test(
        "An adapter that shares files, internet dates or the PIN work queue imports AdapterSupport; any other does not",
        arguments: [
            ("AdapterInMemory", true), ("AdapterHTTP", true), ("AdapterFileKeychain", true),
            ("AdapterFilePreferences", true), ("AdapterSystem", false), ("AdapterDerived", false),
            ("AdapterSoftwareCrypto", false),
        ])
    func onlySharingAdaptersImportTheSupport(adapter: String, shares: Bool) {
        let violations = importViolations(in: adapter, "import Ports\nimport AdapterSupport")
        #expect(violations.map(\.line) == (shares ? [] : [2]))
    }

    @Test(
        "What adapters share imports Foundation, Dispatch and the operating-system seam and nothing else of ours: no port, no adapter, no C library itself"
    )
    func theSupportImportsNothingOfThePackage() {
        let allowed = "import Foundation\nimport OperatingSystem\nimport Dispatch"
        #expect(importViolations(in: "AdapterSupport", allowed).isEmpty)
        let violations = importViolations(
            in: "AdapterSupport",
            "import Ports\nimport AdapterHTTP\nimport WireContract\nimport FoundationNetworking\nimport Glibc")
        #expect(violations.map(\.line) == [1, 2, 3, 4, 5])
    }

    @Test(
        "The app imports Composition, DomainCore and Ports, never an adapter, the reference server or the benchmarks")
    func appImportsOnlyCompositionAndDomain() {
        let source = """
            import Composition
            import DomainCore
            import Foundation
            import OperatingSystem
            import Ports
            import AdapterInMemory
            import ReferenceServer
            import GatehouseBench
            """
        #expect(importViolations(in: "GatehouseApp", source).map(\.line) == [6, 7, 8])
    }

    @Test(
        "Composition imports every module but the app, the benchmarks, the server, the simulated backend, virtual time, the testing composition, the test helpers, the contract suites, the stand-in kit and the guide's example"
    )
    func compositionImportsEverythingButTheApp() {
        let allowed = table.modules.filter {
            ![
                "Composition", "CompositionTesting", "ReferenceServer", "SimulatedBackend", "VirtualTime", "app",
                "GatehouseApp", "GatehouseBench", "gatehouse-bench",
                "session-store-stress", "http-answer-probe", "hello-foundation", "hello-networking",
                "OAuth2ServerAccess", "OffThePool", "SeededNumbers",
                "SanitizerAwareness",
                "ExampleAdapters", "PortContracts", "StandInKit", "StandInServers",
            ]
            .contains($0)
        }
        #expect(importViolations(in: "Composition", allowed.map { "import \($0)" }.joined(separator: "\n")).isEmpty)
        #expect(
            importViolations(
                in: "Composition",
                "import app\nimport GatehouseBench\nimport ReferenceServer\nimport CompositionTesting\nimport SimulatedBackend"
                    + "\nimport VirtualTime\nimport StandInKit"
            ).map(\.line) == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test("A test target counts as a module of this package, not as a system module")
    func testTargetsAreProjectModules() {
        let violations = ArchitectureChecks.importViolations(
            file: "Sources/GatehouseApp/A.swift", module: "GatehouseApp", source: "import AppTests",
            projectModules: projectModules.union(["AppTests"]), table: table)
        #expect(
            violations.first?.problem.hasPrefix(
                "imports AppTests; GatehouseApp may import only Composition, CompositionTesting, DomainCore, Ports and OperatingSystem"
            )
                == true)
    }

    // MARK: Folders

    @Test("A folder under Sources/ without a row in the table is a violation; a row without a folder is not")
    func unlistedFolderIsAViolation() {
        let violations = ArchitectureChecks.unlistedSourceFolders(
            ["DomainCore", "Ports", "AdapterBluetooth"], targets: [], table: table)
        #expect(violations.map(\.file) == ["Sources/AdapterBluetooth"])
        #expect(violations.first?.problem.contains("has no row in the dependency table") == true)
    }

    @Test("A folder named by a target's path: belongs to that target")
    func folderNamedByPathBelongsToItsTarget() {
        let target = DeclaredTarget(
            name: "Ports", kind: .target, dependencies: [], path: "Sources/PortProtocols/", line: 1)
        #expect(ArchitectureChecks.unlistedSourceFolders(["PortProtocols"], targets: [target], table: table).isEmpty)
    }

    // MARK: The manifest

    private static let fakeManifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Fake",
            products: [.library(name: "Ports", targets: ["Ports"])],
            targets: [
                .target(name: "Ports", swiftSettings: strictSettings),
                // .target(name: "Commented", dependencies: ["AdapterHTTP"]),
                .target(
                    name: "DomainCore",
                    dependencies: [
                        "Ports",
                        .target(name: "AdapterHTTP"),
                    ],
                    swiftSettings: strictSettings
                ),
                .executableTarget(
                    name: "GatehouseApp", dependencies: [.byName(name: "Composition"), "DomainCore", "AdapterHTTP"],
                    path: "Sources/GatehouseApp",
                    swiftSettings: strictSettings),
                .target(name: "AdapterHTTP", dependencies: [.product(name: "NIO", package: "swift-nio")]),
                .testTarget(name: "DomainTests", dependencies: ["DomainCore", "AdapterHTTP"], path: "Tests/DomainTests"),
            ]
        )
        """

    @Test("The manifest reader finds every target with its dependencies and path, however it is laid out")
    func manifestReaderFindsEveryTarget() throws {
        let targets = try PackageManifestReader.targets(inManifest: Self.fakeManifest)

        #expect(
            targets == [
                DeclaredTarget(name: "Ports", kind: .target, dependencies: [], path: nil, line: 8),
                DeclaredTarget(
                    name: "DomainCore", kind: .target, dependencies: [.target("Ports"), .target("AdapterHTTP")],
                    path: nil, line: 10),
                DeclaredTarget(
                    name: "GatehouseApp", kind: .executableTarget,
                    dependencies: [.target("Composition"), .target("DomainCore"), .target("AdapterHTTP")],
                    path: "Sources/GatehouseApp", line: 18),
                DeclaredTarget(
                    name: "AdapterHTTP", kind: .target,
                    dependencies: [.product(name: "NIO", package: "swift-nio")], path: nil, line: 22),
                DeclaredTarget(
                    name: "DomainTests", kind: .testTarget,
                    dependencies: [.target("DomainCore"), .target("AdapterHTTP")],
                    path: "Tests/DomainTests", line: 23),
            ])
    }

    @Test("Declared dependencies the table forbids are violations; test targets may depend on anything")
    func forbiddenDeclaredDependenciesAreViolations() throws {
        let targets = try PackageManifestReader.targets(inManifest: Self.fakeManifest)

        let violations = ArchitectureChecks.manifestViolations(targets: targets, table: table)

        #expect(
            violations.map(\.description) == [
                "Package.swift:10 makes DomainCore depend on AdapterHTTP; DomainCore may depend only on Ports from "
                    + "this package (the domain never names an adapter; it reaches the world only through the ports)",
                "Package.swift:18 makes GatehouseApp depend on AdapterHTTP; GatehouseApp may depend only on "
                    + "Composition, CompositionTesting, DomainCore, Ports and OperatingSystem from this package (the "
                    + "headless app gets its adapters from Composition (from the registry it is handed), and the "
                    + "stand-ins, switches and servers its scripts and `serve` need from CompositionTesting; "
                    + "besides, it names only the domain's view models and the names "
                    + "their states carry (the reasons and the health, kept in Ports, where session events name them "
                    + "too); it links no bench (gatehouse-bench is a program of its own))",
                "Package.swift:22 makes AdapterHTTP depend on product NIO of package swift-nio; "
                    + "Gatehouse takes no package dependencies, so write it here or do without",
            ])
    }

    @Test("A non-test target without a row in the table is a violation")
    func undeclaredTargetIsAViolation() throws {
        let targets = try PackageManifestReader.targets(
            inManifest: #".target(name: "AdapterBluetooth", dependencies: ["Ports"])"#)
        let violations = ArchitectureChecks.manifestViolations(targets: targets, table: table)
        #expect(violations.map(\.file) == ["Package.swift"])
        #expect(violations.first?.problem.hasPrefix("is module AdapterBluetooth, which has no row") == true)
    }

    @Test("A target without a name is reported, not skipped")
    func targetWithoutANameIsReported() {
        #expect(throws: ManifestReadingError.self) {
            try PackageManifestReader.targets(inManifest: #".target(dependencies: ["Ports"])"#)
        }
    }

    // MARK: View models

    @Test(
        "A view model mentioning the token manager or a remote API is a violation",
        arguments: ArchitectureChecks.namesViewModelsMustNotMention)
    func viewModelMentioningAForbiddenNameIsAViolation(name: String) {
        let source = """
            import Ports

            /// Never holds a \(name); a service does that.
            final class ProfileViewModel {
                private let api: any \(name) // the one line that counts
            }
            """
        let violations = ArchitectureChecks.viewModelViolations(
            file: "Sources/DomainCore/SignedIn/ProfileViewModel.swift", source: source)

        #expect(violations.count == 1)
        #expect(violations.first?.line == 5)
        #expect(
            violations.first?.description.hasPrefix(
                "Sources/DomainCore/SignedIn/ProfileViewModel.swift:5 mentions \(name); a view model must not know")
                == true)
    }

    @Test("A name inside a longer name is still a mention: an adapter of the remote API is the remote API")
    func longerNameIsAMention() {
        let violations = ArchitectureChecks.viewModelViolations(
            file: "V.swift", source: "let api = URLSessionUserRemoteAPI()")
        #expect(violations.map(\.line) == [1])
    }

    @Test(
        "The view model check covers files ending in ViewModel.swift under ViewModels/ and SignedIn/",
        arguments: [
            ("ViewModels/SignInViewModel.swift", true),
            ("SignedIn/ProfileViewModel.swift", true),
            ("SignedIn/Nested/ExtraViewModel.swift", true),
            ("ViewModels/Navigators.swift", false),
            ("SignedIn/TokenManager+SignedIn.swift", false),
            ("Session/SessionViewModel.swift", false),
        ])
    func viewModelCheckCoversTheRightFiles(path: String, isChecked: Bool) {
        #expect(ArchitectureChecks.isCheckedViewModel(pathInDomainCore: path) == isChecked)
    }
}

/// The downcast rule fed fake sources: it sees the casts the wiring used to
/// make, and lets a port's protocol, a system type and comments be.
@Suite("Downcast checks")
struct DowncastChecksTests {
    private let forbidden = ArchitectureChecks.forbiddenCastTargets(sources: [
        "Ports": ["public protocol StorageNoticeSource: Sendable {}\npublic protocol Clock: Sendable {}"],
        "AdapterInMemory": [
            "public final class InMemoryConnectivity: ConnectivityProbe {\n    private struct State {}\n}"
        ],
        "VirtualTime": ["public final class ManualClock: VirtualClock {}"],
        "Composition": ["struct CallOutcomeHealthPlugin: HealthProbe {}"],
    ])

    @Test("Declared types are read: classes, structs, enums, actors, protocols, nested ones, not comments")
    func declaredTypesAreRead() {
        let source = """
            public final class Outer: Sendable {
                private enum Inner { case one }
                class func make() -> Outer { Outer() }
            }
            actor Counter {}
            protocol Capability {}
            // struct Commented {}
            """
        #expect(ArchitectureChecks.declaredTypeNames(in: source) == ["Outer", "Inner", "Counter", "Capability"])
    }

    @Test(
        "A cast to an adapter's type, the runtime's or the wiring's own is a violation",
        arguments: [
            ("guard let network = connectivity as? InMemoryConnectivity else { return false }", "InMemoryConnectivity"),
            ("public var hasVirtualTime: Bool { clock is ManualClock }", "ManualClock"),
            ("let clock = made as! ManualClock", "ManualClock"),
            ("guard let plugin = health as? CallOutcomeHealthPlugin else { return self }", "CallOutcomeHealthPlugin"),
            ("case is InMemoryConnectivity: break", "InMemoryConnectivity"),
        ])
    func castsToOurTypesAreViolations(line: String, type: String) {
        let violations = ArchitectureChecks.downcastViolations(
            file: "Sources/Composition/X.swift", source: "let a = 1\n" + line, forbidden: forbidden)

        #expect(violations.count == 1)
        #expect(violations.first?.line == 2)
        #expect(violations.first?.problem.hasPrefix("casts to \(type) (") == true)
    }

    @Test(
        "A cast to a port's protocol, to a system type, a coercion or a comment is no violation",
        arguments: [
            "let sources = parts.compactMap { $0 as? any StorageNoticeSource }",
            "guard let object = json as? [String: Any] else { return }",
            "let text = value as? String",
            "let network = probe as InMemoryConnectivity",
            "// guard let network = connectivity as? InMemoryConnectivity",
            "if let existing = part as? Part { return existing }",
            "let thisIsManualClock = 1",
        ])
    func otherCastsAreNoViolations(line: String) {
        #expect(
            ArchitectureChecks.downcastViolations(file: "Sources/app/X.swift", source: line, forbidden: forbidden)
                .isEmpty)
    }

    @Test("A name the ports declare too may be cast to")
    func aPortsNameIsCastable() {
        #expect(forbidden["StorageNoticeSource"] == nil)
        #expect(forbidden["Clock"] == nil)
        #expect(forbidden["ManualClock"] == "VirtualTime")
    }
}
