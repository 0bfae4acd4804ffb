import Foundation

/// The rule that keeps test hooks and adapter types out of the wiring's
/// decisions: `Composition` and the `app` never ask a value whether it is
/// one of our types (`as?`, `as!`, `is`). What the world must know of an
/// adapter beyond its port, its plugin declares (docs/environments.md, "What
/// a plugin declares"). A cast to a port's protocol (`as? any
/// StorageNoticeSource`, a capability a port states) or to a system type
/// (`as? [String: Any]` on parsed JSON) is no downcast to an adapter.
extension ArchitectureChecks {
    /// The modules whose code may not cast to a type of ours.
    static let modulesWithoutDowncasts = ["Composition", "GatehouseApp", "app"]

    /// The module whose types may be cast to anywhere: the ports.
    static let castableModule = "Ports"

    /// The names of the types (classes, structs, enums, actors, protocols,
    /// nested ones too) that `source` declares, outside comments.
    static func declaredTypeNames(in source: String) -> Set<String> {
        let declaration = /\b(?:class|struct|enum|actor|protocol)\s+([A-Z][A-Za-z0-9_]*)/
        var names: Set<String> = []
        for line in SwiftSourceText.codeLines(of: source) {
            for match in line.matches(of: declaration) { names.insert(String(match.output.1)) }
        }
        return names
    }

    /// The lines of `source` that cast to one of `forbidden` (a type's name,
    /// and the module that declares it), outside comments.
    static func downcastViolations(file: String, source: String, forbidden: [String: String])
        -> [ArchitectureViolation]
    {
        let cast = /(?:^|[^A-Za-z0-9_.])(as[?!]|is)\s+(?:any\s+|some\s+)?([A-Z][A-Za-z0-9_]*)/
        var violations: [ArchitectureViolation] = []
        for (offset, line) in SwiftSourceText.codeLines(of: source).enumerated() {
            for match in line.matches(of: cast) {
                let type = String(match.output.2)
                guard let module = forbidden[type] else { continue }
                violations.append(
                    ArchitectureViolation(
                        file: file, line: offset + 1,
                        problem:
                            "casts to \(type) (\(match.output.1) \(type)), a type of \(module); the wiring never "
                            + "asks an adapter what it is: let its plugin declare what the world needs "
                            + "(docs/environments.md, \"What a plugin declares\")"))
            }
        }
        return violations
    }

    /// Every type name declared in the package's modules but `Ports`, with its
    /// module, from each module's sources (`sources[module]`). A name the
    /// ports declare too is left out: it may be the port's.
    static func forbiddenCastTargets(sources: [String: [String]]) -> [String: String] {
        let portNames = (sources[castableModule] ?? []).reduce(into: Set<String>()) {
            $0.formUnion(declaredTypeNames(in: $1))
        }
        var forbidden: [String: String] = [:]
        for (module, texts) in sources.sorted(by: { $0.key < $1.key }) where module != castableModule {
            for text in texts {
                for name in declaredTypeNames(in: text) where !portNames.contains(name) && forbidden[name] == nil {
                    forbidden[name] = module
                }
            }
        }
        return forbidden
    }
}
