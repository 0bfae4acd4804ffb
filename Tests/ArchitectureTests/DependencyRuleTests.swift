import Testing

/// The package itself keeps the dependency rule of DependencyTable.gatehouse:
/// in what Package.swift declares and in what every source file imports.
@Suite("Dependency rule of this package")
struct DependencyRuleTests {
    private let tree = PackageTree.current()
    private let table = DependencyTable.gatehouse

    @Test("The tests read this package: its manifest declares targets and Sources/ has the domain's files")
    func theTestsReadThisPackage() throws {
        let targets = try PackageManifestReader.targets(inManifest: tree.manifest())
        #expect(targets.contains { $0.name == "Ports" }, "no Ports target found in \(tree.root.path)/Package.swift")
        #expect(
            try !tree.swiftFiles(under: "Sources/DomainCore").isEmpty,
            "no Swift files in \(tree.root.path)/Sources/DomainCore")
    }

    @Test("Every folder under Sources/ has a row in the dependency table")
    func everySourceFolderHasARow() throws {
        let targets = try PackageManifestReader.targets(inManifest: tree.manifest())
        let violations = ArchitectureChecks.unlistedSourceFolders(
            try tree.sourceFolders(), targets: targets, table: table)
        record(violations)
    }

    @Test("Package.swift declares only the dependencies the table allows")
    func manifestDeclaresOnlyAllowedDependencies() throws {
        let targets = try PackageManifestReader.targets(inManifest: tree.manifest())
        record(ArchitectureChecks.manifestViolations(targets: targets, table: table))
    }

    @Test("The app links no bench, directly or through a target it links: the bench is a program of its own")
    func appLinksNoBench() throws {
        let targets = try PackageManifestReader.targets(inManifest: tree.manifest())
        let linked = TerminalOutputChecks.targetsTheAppLinks(targets).map(\.name)
        #expect(linked.contains("Composition"), "the manifest's graph was read: \(linked)")
        #expect(!linked.contains("GatehouseBench") && !linked.contains("gatehouse-bench"), "\(linked)")
    }

    // A module of the table without a folder yet (AdapterSystem before it is written) has nothing to check.
    @Test("Each module's sources import only what the table allows", arguments: DependencyTable.gatehouse.modules)
    func sourcesImportOnlyAllowedModules(module: String) throws {
        let targets = try PackageManifestReader.targets(inManifest: tree.manifest())
        let projectModules = Set(table.modules).union(targets.map(\.name))
        let folder = targets.first { $0.name == module && $0.kind != .testTarget }?.sourceFolder ?? "Sources/\(module)"
        for file in try tree.swiftFiles(under: folder) {
            record(
                ArchitectureChecks.importViolations(
                    file: file.path, module: module, source: file.text, projectModules: projectModules, table: table))
        }
    }

    @Test("No view model mentions the token manager or a remote API")
    func viewModelsKnowNeitherTokenManagerNorRemoteAPIs() throws {
        let domainFolder = "Sources/DomainCore/"
        for file in try tree.swiftFiles(under: "Sources/DomainCore")
        where ArchitectureChecks.isCheckedViewModel(pathInDomainCore: String(file.path.dropFirst(domainFolder.count))) {
            record(ArchitectureChecks.viewModelViolations(file: file.path, source: file.text))
        }
    }

    @Test("Composition and the app never cast to a type of ours but a port's")
    func theWiringNeverDowncasts() throws {
        let targets = try PackageManifestReader.targets(inManifest: tree.manifest())
        var sources: [String: [String]] = [:]
        for folder in try tree.sourceFolders() {
            let module = ArchitectureChecks.moduleName(ofSourceFolder: folder, targets: targets)
            sources[module] = try tree.swiftFiles(under: "Sources/\(folder)").map(\.text)
        }
        let forbidden = ArchitectureChecks.forbiddenCastTargets(sources: sources)
        #expect(forbidden["InMemoryConnectivity"] == "AdapterInMemory", "the adapters' types were read")
        for module in ArchitectureChecks.modulesWithoutDowncasts {
            for file in try tree.swiftFiles(under: "Sources/\(module)") {
                record(ArchitectureChecks.downcastViolations(file: file.path, source: file.text, forbidden: forbidden))
            }
        }
    }

    /// One issue per violation, so each names its own file and line in the test output.
    private func record(_ violations: [ArchitectureViolation]) {
        for violation in violations {
            Issue.record(Comment(rawValue: violation.description))
        }
    }
}
