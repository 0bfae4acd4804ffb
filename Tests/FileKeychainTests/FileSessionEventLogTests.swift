import AdapterFileKeychain
import Foundation
import OffThePool
import Ports
import Synchronization
import Testing

/// `FileSessionEventLog`: the session events of every process sharing a
/// data directory, one JSON line each, and a file that cannot be written
/// said once without stopping anything (docs/events.md).
@Suite("Session events in a file")
struct FileSessionEventLogTests {
    private static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("event-log-\(UUID().uuidString)").path
    }

    @Test("Two processes recording 1,000 events each leave 2,000 whole lines, each process's in its order")
    func twoProcesses() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let endings = try await offThePool {
            try LineAppenders.run([
                ["--append-events", directory, "1000"], ["--append-events", directory, "1000"],
            ])
        }
        for ending in endings { #expect(ending.status == 0, "a child failed: \(ending.errors)") }

        let lines = try FileSessionEventLog(directory: directory) { _ in }.lastLines(10_000)
        #expect(lines.count == 2000)
        let objects = lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(objects.count == 2000, "every line is one whole JSON object")
        let byProcess = Dictionary(grouping: objects) { $0["process"] as? Int ?? 0 }
        #expect(byProcess.count == 2)
        for (_, events) in byProcess {
            #expect(events.compactMap { $0["lock-waited-ms"] as? String } == (1...1000).map(String.init))
            #expect(events.allSatisfy { $0["event"] as? String == "token-refreshed" })
        }
    }

    @Test("A directory that cannot be made: every entry dropped, the failure said once, with no event in it")
    func unwritableSaidOnce() throws {
        let parent = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        // A regular file where the directory's parent should be: unwritable for root too.
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: parent))
        let said = Mutex<[String]>([])
        let log = FileSessionEventLog(directory: parent + "/gatehouse") { message in
            said.withLock { $0.append(message) }
        }

        for _ in 0..<3 {
            log.record(SessionEventEntry(time: Date(), process: 1, event: .sessionEnded(.tokenInvalid)))
        }

        let messages = said.withLock { $0 }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("session events cannot be written") == true)
        #expect(messages.first?.contains("token-invalid") == false, "the failure names no event")
    }
}
