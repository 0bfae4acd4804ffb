import Testing

/// A public error may gain cases without breaking an adopter's build, as
/// CONTRIBUTING.md's "Versions" promises: each says so, and how to switch
/// over it (`@unknown default`), where an adopter reads it.
struct PublicErrorTests {
    @Test("Every public error enum under Sources/ tells an adopter to end a switch over it with @unknown default")
    func everyPublicErrorSaysHowToSwitchOverIt() throws {
        let files = try PackageTree.current().swiftFiles(under: "Sources")
        let declarations = PublicErrorChecks.declarations(in: files)
        // The scan found them: Ports' own errors are among them.
        #expect(declarations.contains { $0.name == "RemoteError" && $0.file.hasPrefix("Sources/Ports/") })
        let undocumented = PublicErrorChecks.undocumented(in: files)
        #expect(undocumented.isEmpty, "\(undocumented.map(\.description).joined(separator: "\n"))")
    }

    @Test("An error enum whose doc comment does not say it is named, with its file and line; one that does is not")
    func aSilentErrorIsNamed() {
        let file = PackageTree.SourceFile(
            path: "Sources/Ports/Planted.swift",
            text: """
                /// Says nothing of new cases.
                public enum PlantedError: Error, Sendable {
                    case one
                }

                /// Ends a switch over it with `@unknown default`.
                @frozen
                public enum KeptError: Sendable, Error {
                    case one
                }

                public enum NotAnError: String, Sendable {
                    case one
                }
                """)
        #expect(PublicErrorChecks.declarations(in: [file]).map(\.name) == ["PlantedError", "KeptError"])
        #expect(
            PublicErrorChecks.undocumented(in: [file]).map(\.description) == [
                "Sources/Ports/Planted.swift:2 public error enum PlantedError"
            ])
    }
}
