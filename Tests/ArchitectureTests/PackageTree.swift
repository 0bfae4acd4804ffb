import Foundation

/// The package's files as the checks need them: the manifest, the folders under
/// Sources/ and the Swift files in each, as text with paths relative to the root.
struct PackageTree {
    struct SourceFile {
        /// Relative to the package root, e.g. `Sources/DomainCore/Session/AuthSession.swift`.
        let path: String
        let text: String
    }

    let root: URL

    /// The package this file belongs to. ARCHITECTURE_TESTS_PACKAGE_ROOT points the
    /// tests at another checkout instead, so a copy of the tree (a refactor tried
    /// out, say) can be checked without building it.
    static func current(filePath: String = #filePath) -> PackageTree {
        if let override = ProcessInfo.processInfo.environment["ARCHITECTURE_TESTS_PACKAGE_ROOT"], !override.isEmpty {
            return PackageTree(root: URL(fileURLWithPath: override, isDirectory: true))
        }
        // Tests/ArchitectureTests/PackageTree.swift: three levels below the root.
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return PackageTree(root: root)
    }

    func manifest() throws -> String {
        try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// The names of the folders directly under Sources/, sorted.
    func sourceFolders() throws -> [String] {
        let sources = root.appendingPathComponent("Sources", isDirectory: true)
        return try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { isDirectory(sources.appendingPathComponent($0)) }
            .sorted()
    }

    /// Every `.swift` file under `folder` (relative to the root), sorted by path;
    /// none when the folder does not exist. Hidden folders are not entered:
    /// an example package's `.build/` holds what SwiftPM generated, not ours.
    func swiftFiles(under folder: String) throws -> [SourceFile] {
        let base = root.appendingPathComponent(folder, isDirectory: true)
        guard isDirectory(base), let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var files: [SourceFile] = []
        while let relative = walker.nextObject() as? String {
            if relative.split(separator: "/").last?.hasPrefix(".") == true {
                walker.skipDescendants()
                continue
            }
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
            files.append(SourceFile(path: "\(folder)/\(relative)", text: text))
        }
        return files.sorted { $0.path < $1.path }
    }

    private func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
