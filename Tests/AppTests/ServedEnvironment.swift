import Foundation
import Testing

/// `app serve` on a pseudo-terminal on a port the system picks, and an
/// environment file that points the app at it (`"base": "local"`), its
/// store and preferences in a directory of its own, removed when this goes.
/// What the terminal tests that need the HTTP backend start from.
final class ServedEnvironment {
    let server: PseudoTerminal
    /// The environment file to pass as `--env`.
    let file: URL
    private let directory: URL

    /// - Parameter settings: more members of the file's `settings` object,
    ///   as JSON text (`"requestTimeoutSeconds": 60`).
    init(settings: String) throws {
        server = try PseudoTerminal(arguments: ["serve", "--port", "0"])
        let address = try server.waitFor("http://127.0.0.1:")
        let port = try #require(Int(server.drawn[address...].prefix { $0.isNumber }))
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-pty-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("pty.json")
        try Data(
            """
            { "name": "pty", "base": "local",
              "settings": { "baseURL": "http://127.0.0.1:\(port)", \(settings),
                            "storeDirectory": "\(directory.path)/store",
                            "preferencesDirectory": "\(directory.path)/preferences" } }
            """.utf8
        ).write(to: file)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Stops the server as Ctrl-C does; whether it ended cleanly.
    func stopServer() -> Bool {
        kill(server.pid, SIGINT)
        return server.exitStatus() == 0
    }
}
