/// A place in the package that breaks the architecture, and what to do about it.
struct ArchitectureViolation: Equatable, Sendable, CustomStringConvertible {
    /// Relative to the package root, e.g. `Sources/DomainCore/Session/AuthSession.swift`.
    let file: String
    let line: Int?
    let problem: String

    var description: String {
        if let line { "\(file):\(line) \(problem)" } else { "\(file) \(problem)" }
    }
}

/// The checks, as pure functions of text, so that tests can feed them fakes
/// and see them fail; the real-tree tests only read files and call these.
enum ArchitectureChecks {
    /// The imports of one file of `module` that its row of the table does not allow.
    /// `projectModules` are the names that count as this package's modules
    /// (every other name is a system module).
    static func importViolations(
        file: String, module: String, source: String, projectModules: Set<String>, table: DependencyTable
    ) -> [ArchitectureViolation] {
        guard let rule = table.rule(for: module) else {
            return [unlistedModule(module, at: file)]
        }
        return ImportReader.imports(in: source).compactMap { imported in
            guard imported.module != module else { return nil }
            if projectModules.contains(imported.module) {
                guard !rule.projectModules.contains(imported.module) else { return nil }
                return ArchitectureViolation(
                    file: file, line: imported.line,
                    problem: "imports \(imported.module); \(mayUseOnly(rule, .importing))")
            }
            guard !rule.systemModules.allows(imported.module) else { return nil }
            return ArchitectureViolation(
                file: file, line: imported.line,
                problem: "imports \(imported.module); \(mayUseOnlySystemModules(rule))")
        }
    }

    /// The non-test targets of the manifest whose declared dependencies the table does not allow.
    static func manifestViolations(targets: [DeclaredTarget], table: DependencyTable) -> [ArchitectureViolation] {
        var violations: [ArchitectureViolation] = []
        for target in targets where target.kind != .testTarget {
            guard let rule = table.rule(for: target.name) else {
                violations.append(unlistedModule(target.name, at: "Package.swift", line: target.line))
                continue
            }
            for dependency in target.dependencies {
                switch dependency {
                case .target(let name) where !rule.projectModules.contains(name):
                    violations.append(
                        ArchitectureViolation(
                            file: "Package.swift", line: target.line,
                            problem: "makes \(target.name) depend on \(name); \(mayUseOnly(rule, .dependingOn))"
                        ))
                case .product(let name, let package):
                    violations.append(
                        ArchitectureViolation(
                            file: "Package.swift", line: target.line,
                            problem:
                                "makes \(target.name) depend on product \(name) of package \(package); "
                                + "Gatehouse takes no package dependencies, so write it here or do without"))
                case .target:
                    break
                }
            }
        }
        return violations
    }

    /// The folders under Sources/ that have no row in the table: a new module must
    /// say what it may import before it is checked.
    static func unlistedSourceFolders(_ folders: [String], targets: [DeclaredTarget], table: DependencyTable)
        -> [ArchitectureViolation]
    {
        folders.compactMap { folder in
            let module = moduleName(ofSourceFolder: folder, targets: targets)
            return table.rule(for: module) == nil ? unlistedModule(module, at: "Sources/\(folder)") : nil
        }
    }

    /// The target whose sources are in `Sources/<folder>`: the one whose `path:` says so,
    /// or else the one named like the folder.
    static func moduleName(ofSourceFolder folder: String, targets: [DeclaredTarget]) -> String {
        let path = "Sources/\(folder)"
        return targets.first { $0.path.map(trimmingSlashes) == path }?.name ?? folder
    }

    static let namesViewModelsMustNotMention = [
        "TokenManager", "AuthRemoteAPI", "UserRemoteAPI", "StatementRemoteAPI", "HealthProbe",
    ]

    /// The lines of a view model that mention the token manager or a remote API outside comments.
    /// A mention inside a longer name (`URLSessionAuthRemoteAPI`) counts too: it is the same dependency.
    static func viewModelViolations(file: String, source: String) -> [ArchitectureViolation] {
        var violations: [ArchitectureViolation] = []
        for (offset, line) in SwiftSourceText.codeLines(of: source).enumerated() {
            for name in namesViewModelsMustNotMention where line.contains(name) {
                violations.append(
                    ArchitectureViolation(
                        file: file, line: offset + 1,
                        problem:
                            "mentions \(name); a view model must not know the token manager or a remote API "
                            + "(\(namesViewModelsMustNotMention.joined(separator: ", "))): "
                            + "give it a service or a closure that Composition builds from them"))
            }
        }
        return violations
    }

    /// Whether a file under `Sources/DomainCore/` is a view model the check above applies to.
    static func isCheckedViewModel(pathInDomainCore path: String) -> Bool {
        (path.hasPrefix("ViewModels/") || path.hasPrefix("SignedIn/")) && path.hasSuffix("ViewModel.swift")
    }

    /// How a module uses another: the two sentences the messages need for each.
    private enum Use {
        case importing, dependingOn

        func onlyPhrase(_ modules: String) -> String {
            switch self {
            case .importing: "may import only \(modules) from this package"
            case .dependingOn: "may depend only on \(modules) from this package"
            }
        }

        var nothingPhrase: String {
            switch self {
            case .importing: "may import no other module of this package"
            case .dependingOn: "may depend on no other module of this package"
            }
        }
    }

    private static func mayUseOnly(_ rule: ModuleRule, _ use: Use) -> String {
        let allowed =
            rule.projectModules.isEmpty ? use.nothingPhrase : use.onlyPhrase(listed(rule.projectModules))
        return "\(rule.module) \(allowed) (\(rule.projectReason))"
    }

    private static func mayUseOnlySystemModules(_ rule: ModuleRule) -> String {
        guard case .only(let modules) = rule.systemModules else { return "" }
        return "of the system modules \(rule.module) may import only \(listed(modules)) (\(rule.systemReason))"
    }

    private static func unlistedModule(_ module: String, at file: String, line: Int? = nil) -> ArchitectureViolation {
        ArchitectureViolation(
            file: file, line: line,
            problem:
                "is module \(module), which has no row in the dependency table: add one to "
                + "DependencyTable.gatehouse in Tests/ArchitectureTests/DependencyTable.swift "
                + "saying which modules \(module) may import")
    }

    private static func listed(_ names: [String]) -> String {
        switch names.count {
        case 0: ""
        case 1: names[0]
        default: names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
    }

    private static func trimmingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
