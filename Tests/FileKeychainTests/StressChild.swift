import Foundation

/// The `session-store-stress` child process, found beside the test binary.
struct StressChild {
    let process: Process
    private let output: FileHandle
    private var buffered = Data()

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("session-store-stress")
    }

    init(directory: String, writer: String, count: Int? = nil) throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = [directory, writer] + (count.map { [String($0)] } ?? [])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        output = pipe.fileHandleForReading
    }

    /// Blocks until the child has reported `count` saves (or ended); returns how many it reported.
    mutating func waitForSaves(_ count: Int) -> Int {
        var reported = 0
        while reported < count {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                buffered.removeSubrange(...newline)
                reported += 1
                continue
            }
            let chunk = output.availableData
            if chunk.isEmpty { break }
            buffered.append(chunk)
        }
        return reported
    }

    /// Runs the child once in its read mode, where decoding kills it with
    /// SIGKILL, and returns it ended: what an app crashing inside a decoder
    /// leaves behind.
    static func readKilledInsideDecode(directory: String) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--read-killed-inside-decode", directory]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process
    }

    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
