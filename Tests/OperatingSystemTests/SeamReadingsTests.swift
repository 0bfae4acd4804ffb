import Foundation
import OperatingSystem
import Testing

/// The seam's other answers: a directory's entries, the open-file limit, a
/// loaded symbol, the event of a peer that closed.
struct SeamReadingsTests {
    @Test("A directory's entries are its names, long ones whole, read in place")
    func directoryEntries() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("entries-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let long = String(repeating: "n", count: 255)
        for name in ["a", "é-accent", long] {
            try Data().write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        let entries = try #require(Platform.directoryEntries(directory))
        #expect(Set(entries) == [".", "..", "a", "é-accent", long])
        #expect(Platform.directoryEntries(directory + "/missing") == nil)
    }

    @Test("The open-file limit is raised, never lowered")
    func openFileLimit() {
        var before = rlimit()
        var after = rlimit()
        #expect(getrlimit(openFiles, &before) == 0)
        Platform.raiseOpenFileLimit()
        #expect(getrlimit(openFiles, &after) == 0)
        #expect(after.rlim_cur >= before.rlim_cur)
        #expect(after.rlim_cur <= after.rlim_max)
    }

    /// RLIMIT_NOFILE as getrlimit takes it.
    private var openFiles: Int32 { Platform.openFileLimitResource }

    @Test("A symbol of the C library is loaded; a made-up one is not")
    func loadedSymbols() {
        #expect(Platform.isLoaded(symbol: "malloc"))
        #expect(!Platform.isLoaded(symbol: "gatehouse_no_such_symbol"))
    }

    @Test("A peer that closed its end is seen by poll, with nothing to read")
    func peerClosedIsSeen() throws {
        let pair = try #require(Platform.streamSocketPair())
        defer { SystemCall.close(pair.0) }
        SystemCall.close(pair.1)
        var watched = pollfd(fd: pair.0, events: Platform.peerClosedPollEvent, revents: 0)
        #expect(poll(&watched, 1, 0) == 1)
        #expect(watched.revents & Platform.peerClosedPollEvent != 0)
    }
}
