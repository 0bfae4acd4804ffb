import Foundation

/// The shape of the domain (issue 26): files small enough to read, one job
/// per object, and the graph's edges wired where the objects are built. Pure
/// functions of text, so that tests can feed them fakes and see them fail.
enum DomainShapeChecks {
    /// How many lines a DomainCore file may have.
    static let domainFileLineLimit = 350
    /// How many use-case protocols one DomainCore type may conform to.
    static let useCaseProtocolLimit = 3

    /// The files over `limit` lines (counted as `wc -l` does).
    static func lineLimitViolations(files: [(path: String, text: String)], limit: Int) -> [ArchitectureViolation] {
        files.compactMap { file in
            let lines = file.text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            guard lines > limit else { return nil }
            return ArchitectureViolation(
                file: file.path, line: nil,
                problem: "has \(lines) lines; a DomainCore file holds one idea in at most \(limit)")
        }
    }

    /// The use-case protocols `files` declare: protocols named `…UseCase`,
    /// `…UseCases`, `…Reading` or `…Choosing`, and the typealiases that
    /// compose them (as the protocols they list).
    static func useCaseProtocols(in files: [(path: String, text: String)]) -> [String: Set<String>] {
        var protocols: [String: Set<String>] = [:]
        var aliases: [(name: String, parts: [String])] = []
        for file in files {
            let code = SwiftSourceText.codeLines(of: file.text).joined(separator: "\n")
            for match in matches(#"\bprotocol\s+(\w+)"#, in: code) where isUseCaseName(match[1]) {
                protocols[match[1]] = [match[1]]
            }
            for match in matches(#"\btypealias\s+(\w+)\s*=\s*([\w\s&]+)"#, in: code) {
                let parts = match[2].split(separator: "&").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                aliases.append((match[1], parts))
            }
        }
        for alias in aliases where alias.parts.contains(where: { protocols[$0] != nil }) {
            protocols[alias.name] = Set(alias.parts.filter { protocols[$0] != nil })
        }
        return protocols
    }

    /// The types of `files` that conform, over all their declarations and
    /// extensions, to more than `limit` of `useCaseProtocols`.
    static func useCaseConformanceViolations(
        files: [(path: String, text: String)], useCaseProtocols: [String: Set<String>], limit: Int
    ) -> [ArchitectureViolation] {
        var conformances: [String: (file: String, protocols: Set<String>)] = [:]
        for file in files {
            let code = SwiftSourceText.codeLines(of: file.text).joined(separator: "\n")
            let declaration = #"\b(?:class|struct|actor|enum|extension)\s+(\w+)(?:<[^>{]*>)?\s*:\s*([^{]+)\{"#
            for match in matches(declaration, in: code) {
                let inherited = match[2].components(separatedBy: " where ")[0]
                let names = inherited.split(whereSeparator: { ",&\n ".contains($0) }).map(String.init)
                let useCases = names.reduce(into: Set<String>()) { $0.formUnion(useCaseProtocols[$1] ?? []) }
                guard !useCases.isEmpty else { continue }
                conformances[match[1], default: (file.path, [])].protocols.formUnion(useCases)
            }
        }
        return conformances.sorted { $0.key < $1.key }.compactMap { type, found in
            guard found.protocols.count > limit else { return nil }
            return ArchitectureViolation(
                file: found.file, line: nil,
                problem:
                    "\(type) conforms to \(found.protocols.count) use-case protocols "
                    + "(\(found.protocols.sorted().joined(separator: ", "))); one object per use case, at most \(limit)"
            )
        }
    }

    /// The names by which a domain object takes a closure after it was built:
    /// its settable closure properties (`var name: (…) -> …`, not private)
    /// and its handler registrations (`func onSomething(`).
    static func lateWiringNames(in files: [(path: String, text: String)]) -> Set<String> {
        var names: Set<String> = []
        for file in files {
            for line in SwiftSourceText.codeLines(of: file.text) {
                if let match = matches(#"^\s*(?:[@\w()]+\s+)*func\s+(on[A-Z]\w*)\s*[(<]"#, in: line).first {
                    names.insert(match[1])
                }
                if !line.contains("private"),
                    let match = matches(#"^\s*(?:[@\w()]+\s+)*var\s+(\w+)\s*:\s*[^{=]*->"#, in: line).first
                {
                    names.insert(match[1])
                }
            }
        }
        return names
    }

    /// Each way a DomainCore type offers to take a closure after it was built
    /// (a `func on…(` registration or a settable closure property, found as
    /// `lateWiringNames` finds them) that is not a port's requirement. A
    /// port may push events to whoever listens (a health probe's reports);
    /// the domain's own edges are initialiser arguments, or — where two
    /// objects need each other — a relay the container makes first and
    /// attaches the listener to, so no domain object offers a registration
    /// for another to call, in its initialiser or anywhere else.
    static func domainRegistrationViolations(
        domain: [(path: String, text: String)], ports: [(path: String, text: String)]
    ) -> [ArchitectureViolation] {
        let portNames = lateWiringNames(in: ports)
        var violations: [ArchitectureViolation] = []
        for file in domain {
            for (index, line) in SwiftSourceText.codeLines(of: file.text).enumerated() {
                for name in lateWiringNames(in: [(file.path, line)]).sorted() where !portNames.contains(name) {
                    violations.append(
                        ArchitectureViolation(
                            file: file.path, line: index + 1,
                            problem:
                                "offers `\(name)`, a closure handed over after construction; pass the source to "
                                + "the initialiser, or a relay the container attaches the listener to"))
                }
            }
        }
        return violations
    }

    /// Each place in `source` that hands a domain object a closure after it
    /// was built: an assignment to another object's closure property
    /// (`x.name = …`; only an object's own initialiser sets its own,
    /// `self.name = …`), or a registration (`x.name(…)`, `x.name { … }`)
    /// outside an initialiser — there the registering object takes its
    /// source as an initialiser argument, so the edge shows where the
    /// container builds it. A `func name(…)` that passes a registration on
    /// (a decorator) may call the same name.
    static func lateWiringViolations(file: String, source: String, names: Set<String>) -> [ArchitectureViolation] {
        guard !names.isEmpty else { return [] }
        let alternatives = names.sorted().joined(separator: "|")
        let use = #"([\w)\]?!]+)\s*\.("# + alternatives + #")\b\s*(=[^=]|\(|\{)"#
        let initialiser =
            #"^\s*(?:[@\w()]+\s+)*init[?!]?\s*[(<]"#
        var violations: [ArchitectureViolation] = []
        var depth = 0
        var allowedScopes: [(depth: Int, forwards: String?)] = []
        var pending: (open: Bool, forwards: String?) = (false, nil)
        for (index, line) in SwiftSourceText.codeLines(of: source).enumerated() {
            if let found = matches(use, in: line).first {
                let (receiver, name, isAssignment) = (found[1], found[2], found[3].hasPrefix("="))
                let inInitialiser = allowedScopes.contains { $0.forwards == nil }
                let allowed =
                    isAssignment
                    ? receiver == "self" && inInitialiser
                    : inInitialiser || allowedScopes.contains { $0.forwards == name }
                if !allowed {
                    violations.append(
                        ArchitectureViolation(
                            file: file, line: index + 1,
                            problem:
                                "hands a closure to `\(name)` after construction; pass it to the initialiser "
                                + "where the container builds the graph"))
                }
            }
            if !matches(initialiser, in: line).isEmpty {
                pending = (true, nil)
            } else if let forwarder = matches(#"^\s*(?:[@\w()]+\s+)*func\s+(\w+)\s*[(<]"#, in: line).first,
                names.contains(forwarder[1])
            {
                pending = (true, forwarder[1])
            }
            for character in line.replacingOccurrences(of: #""[^"]*""#, with: "", options: .regularExpression) {
                if character == "{" {
                    if pending.open {
                        allowedScopes.append((depth, pending.forwards))
                        pending = (false, nil)
                    }
                    depth += 1
                } else if character == "}" {
                    depth -= 1
                    if let last = allowedScopes.last, last.depth == depth { allowedScopes.removeLast() }
                }
            }
        }
        return violations
    }

    private static func isUseCaseName(_ name: String) -> Bool {
        ["UseCase", "UseCases", "Reading", "Choosing"].contains { name.hasSuffix($0) }
    }

    /// Each match of `pattern` in `text`, as its capture groups (0: the whole match).
    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else {
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { result in
            (0..<result.numberOfRanges).map { group in
                Range(result.range(at: group), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}
