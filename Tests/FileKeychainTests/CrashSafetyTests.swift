import AdapterFileKeychain
import Foundation
import OffThePool
import Ports
import Testing
import SeededNumbers

/// The file store under the worst a phone does to an app: killed at any
/// moment, and two writers at once. The file must always be one whole
/// session, old or new — never torn, never missing.
@Suite("File store crash safety", .serialized)
struct CrashSafetyTests {
    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-crash-\(UUID().uuidString)").path
    }

    /// A session written by a stress child: token and user both present and
    /// telling the same story (writer W, save i).
    private func isWhole(_ session: UserSession, writers: Set<String>) -> Bool {
        guard let token = session.token?.token.reveal(), let user = session.cachedUser else { return false }
        let parts = token.split(separator: "-")
        return parts.count == 2 && writers.contains(String(parts[0])) && user.profile.name == token
            && user.profile.id == String(parts[0])
            && session.token?.issuedAt == Date(timeIntervalSinceReferenceDate: Double(parts[1]) ?? -1)
    }

    @Test("Killed with SIGKILL at 200 random moments, the store always holds a whole session")
    func killedAtRandomMoments() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        var random = SeededGenerator(seed: 2024)

        for round in 1...200 {
            let saves = Int.random(in: 1...8, using: &random)
            // Reading the child's pipe blocks: on a thread of its own, not the pool's.
            let reported = try await offThePool {
                var child = try StressChild(directory: directory, writer: "w\(round)")
                let reported = child.waitForSaves(saves)
                child.kill()
                return reported
            }
            #expect(reported == saves, "the child stopped early in round \(round)")

            let read = await store.read()
            guard case .found(let session) = read else {
                Issue.record("round \(round): the store read \(read) after a kill")
                return
            }
            // The kill may land after more saves than were reported, never before the reported ones.
            #expect(isWhole(session, writers: ["w\(round)"]), "round \(round): a torn or foreign session")
        }
        #expect(store.problems.isEmpty, "nothing was ever set aside as corrupt")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.count <= 1, "at most the last killed writer's temporary file remains until the next save")
    }

    @Test("Two processes saving 1,000 times each: every read whole, and the last one is one of theirs")
    func twoWritersAtOnce() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        let first = try StressChild(directory: directory, writer: "a", count: 1000)
        let second = try StressChild(directory: directory, writer: "b", count: 1000)

        var reads = 0
        while first.isRunning || second.isRunning {
            if case .found(let session) = await store.read() {
                #expect(isWhole(session, writers: ["a", "b"]))
                reads += 1
            }
            // The reads do not suspend: let the pool's other work run between them.
            await Task.yield()
        }
        let endings = try await offThePool { [first, second] in [first.waitUntilExit(), second.waitUntilExit()] }
        #expect(endings == [.exited(0), .exited(0)])
        guard case .found(let last) = await store.read() else {
            Issue.record("nothing stored after 2,000 saves")
            return
        }
        #expect(isWhole(last, writers: ["a", "b"]))
        #expect(last.token?.token.reveal() == "a-1000" || last.token?.token.reveal() == "b-1000")
        #expect(store.problems.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).allSatisfy { !$0.contains(".tmp-") })
    }
}
