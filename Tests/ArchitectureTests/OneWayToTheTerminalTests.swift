import Testing

/// Nothing the app links writes to standard output or error but through the
/// console, which escapes every string (docs/threat-model.md, terminal
/// output): a screen that also printed a server string itself would send
/// its control characters to the terminal.
@Suite("One way to the terminal")
struct OneWayToTheTerminalTests {
    @Test("No file of the app or of a target it links writes to the terminal but the console")
    func onlyTheConsoleWrites() throws {
        let tree = PackageTree.current()
        let targets = try PackageManifestReader.targets(inManifest: try tree.manifest())
        let linked = TerminalOutputChecks.targetsTheAppLinks(targets)
        #expect(linked.contains { $0.name == "app" } && linked.contains { $0.name == "DomainCore" })
        let files = try linked.flatMap { try tree.swiftFiles(under: $0.sourceFolder) }
        #expect(files.contains { $0.path == TerminalOutputChecks.console })

        let violations = TerminalOutputChecks.violations(in: files)
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test(
        "Each way to the terminal is caught, named with its file and line; the console's own calls are not",
        arguments: [
            "print(serverText)", "Swift.print(name)", "debugPrint(answer)", "dump(profile)",
            "FileHandle.standardOutput.write(data)", "FileHandle.standardError.write(data)",
            "FileHandle(fileDescriptor: 1).write(data)", "fputs(line, stdout)", "puts(line)", "putchar(10)",
            "write(1, bytes, count)", "write(STDERR_FILENO, bytes, count)",
        ])
    func eachWayIsCaught(_ call: String) {
        let planted = PackageTree.SourceFile(
            path: "Sources/GatehouseApp/Rendering/Planted.swift", text: "func draw() {\n    let x = 1\n    \(call)\n}\n"
        )
        let violations = TerminalOutputChecks.violations(in: [planted])
        #expect(violations.count == 1, "\(violations)")
        #expect(violations.first?.file == planted.path && violations.first?.line == 3)
    }

    @Test("What is not a write to the terminal is not taken for one")
    func notTakenForOne() {
        let fine = PackageTree.SourceFile(
            path: "Sources/GatehouseApp/Rendering/Fine.swift",
            text: """
                console.print(text)  // the console
                // print(commented) is no call
                transcript.print(line)
                fileHandle.write(data)
                writeLine(line)
                """)
        #expect(TerminalOutputChecks.violations(in: [fine]).isEmpty)
        let console = PackageTree.SourceFile(path: TerminalOutputChecks.console, text: "Swift.print(text)\n")
        #expect(TerminalOutputChecks.violations(in: [console]).isEmpty)
    }
}
