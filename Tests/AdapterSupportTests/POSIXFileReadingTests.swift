import Foundation
import Testing

import AdapterSupport

/// The cheap reads a good session's read is made of (issue 56, item 5): the
/// parent of a path without `NSString`, a file read at the size its `fstat`
/// gave, and one look at a file whose bytes the caller expects.
@Suite("POSIXFile reading")
struct POSIXFileReadingTests {
    /// Each path and its parent, as `NSString.deletingLastPathComponent`
    /// gives it — where it gives one: on Linux it traps on "a" and "a/" (a
    /// relative path of one name), which `parent(of:)` answers with "".
    static let parents: [(path: String, parent: String)] = [
        ("/", "/"), ("/a", "/"), ("/a/", "/"), ("/a/b", "/a"), ("/a/b/", "/a"), ("/a//b", "/a"), ("/a/b//", "/a"),
        ("a", ""), ("a/", ""), ("a/b", "a"), ("a//b", "a"), ("./a", "."), ("../a/b", "../a"), ("", ""),
        ("/tmp/store dir/session", "/tmp/store dir"), ("/ü/é", "/ü"),
    ]

    @Test("parent(of:) is the directory a path is in", arguments: parents)
    func parentOfAPath(path: String, parent: String) {
        #expect(POSIXFile.parent(of: path) == parent)
    }

    @Test(
        "parent(of:) agrees with NSString's deletingLastPathComponent where that answers",
        arguments: parents.filter { !["a", "a/"].contains($0.path) })
    func parentIsNSStrings(path: String, parent: String) {
        #expect(POSIXFile.parent(of: path) == (path as NSString).deletingLastPathComponent)
    }

    /// What `read` gives for a file holding `bytes`, open for reading (closed and removed after).
    private func reading(_ bytes: Data, _ read: (Int32) throws(POSIXFile.Failure) -> Data) throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("posix-read-\(UUID())").path
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = try POSIXFile.open(path, O_RDONLY)
        defer { close(fd) }
        return try read(fd)
    }

    @Test(
        "read(size:) reads the file as its fstat gave it: whole, the first bytes of one grown since, all of one shrunk")
    func readsAtTheGivenSize() throws {
        let bytes = Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        #expect(
            try reading(bytes) { fd throws(POSIXFile.Failure) in try POSIXFile.read(fd, size: bytes.count) } == bytes)
        #expect(
            try reading(bytes) { fd throws(POSIXFile.Failure) in try POSIXFile.read(fd, size: 100) }
                == bytes.prefix(100))
        #expect(try reading(bytes) { fd throws(POSIXFile.Failure) in try POSIXFile.read(fd, size: 50_000) } == bytes)
        #expect(try reading(Data()) { fd throws(POSIXFile.Failure) in try POSIXFile.read(fd, size: 0) }.isEmpty)
    }

    @Test("readOnce(atMost:) gives at most what was asked, so a file longer than expected reads longer")
    func readOnceIsBounded() throws {
        let line = Data("65024 1777771 226 1796685642 0 json 1\n".utf8)
        let asked = line.count + 1
        #expect(try reading(line) { fd throws(POSIXFile.Failure) in try POSIXFile.readOnce(fd, atMost: asked) } == line)
        #expect(
            try reading(line + line) { fd throws(POSIXFile.Failure) in try POSIXFile.readOnce(fd, atMost: asked) }
                == (line + line).prefix(asked))
        #expect(try reading(Data()) { fd throws(POSIXFile.Failure) in try POSIXFile.readOnce(fd, atMost: 8) }.isEmpty)
    }

    @Test("a read of a descriptor that is not open throws, naming the call")
    func aFailedReadThrows() {
        #expect(throws: POSIXFile.Failure.self) { try POSIXFile.read(-1, size: 8) }
        #expect(throws: POSIXFile.Failure.self) { try POSIXFile.readOnce(-1, atMost: 8) }
    }
}
