import AdapterFileKeychain
import Foundation
import OffThePool
import Testing

import OperatingSystem

/// The bounded line log: lines read back whole and in order, refused lines
/// leave no trace, rotation keeps the file under its bound and the newest
/// lines readable, a torn tail is skipped, its files are private and its own,
/// and two processes (or eight tasks) appending at once leave every line whole.
@Suite("Bounded line log")
struct BoundedLineLogTests {
    /// A fresh directory path (nothing made there yet), removed by `cleanUp`.
    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-line-log-\(UUID().uuidString)").path
    }

    /// Removes `directory`, giving back the permissions a test took away first.
    private func cleanUp(_ directory: String) {
        _ = chmod(directory, 0o700)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The bytes of the file at `path`.
    private func contents(_ path: String) throws -> String {
        try String(decoding: #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    }

    /// The size of the file at `path` (not following a link).
    private func size(_ path: String) throws -> Int {
        var info = stat()
        try #require(lstat(path, &info) == 0, "\(path) is not there")
        return Int(info.st_size)
    }

    /// The whole lines of the file at `path` (none if it is missing); a torn tail is an issue.
    private func wholeLines(_ path: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let text = try contents(path)
        guard !text.isEmpty else { return [] }
        #expect(text.hasSuffix("\n"), "\(path) ends in a torn line")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func isUnwritable(_ error: BoundedLineLogError) -> Bool {
        guard case .unwritable = error else { return false }
        return true
    }

    // MARK: - Appending and reading

    @Test("Lines appended are read back in order; asking for more answers what there is")
    func appendThenRead() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl")

        #expect(try log.lastLines(5) == [], "nothing appended yet: an empty answer")
        #expect(!FileManager.default.fileExists(atPath: directory), "reading makes nothing")

        for line in ["first", "second", #"{"third":3}"#, "", "fifth"] { try log.append(line) }
        #expect(try log.lastLines(2) == ["", "fifth"])
        #expect(try log.lastLines(5) == ["first", "second", #"{"third":3}"#, "", "fifth"])
        #expect(try log.lastLines(100) == ["first", "second", #"{"third":3}"#, "", "fifth"])
        #expect(try log.lastLines(0) == [])
        #expect(try contents(directory + "/events.jsonl") == "first\nsecond\n{\"third\":3}\n\nfifth\n")
    }

    @Test(
        "A line holding a line break is refused, and nothing is written",
        arguments: ["two\nlines", "carriage\rreturn", "\n", "ends\r\n", "\r"])
    func lineBreakRefused(line: String) throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl")
        try log.append("before")

        #expect(throws: BoundedLineLogError.containsNewline) { try log.append(line) }
        #expect(try contents(directory + "/events.jsonl") == "before\n")
        #expect(try log.lastLines(10) == ["before"])
    }

    @Test("A line longer than the limit (in UTF-8 bytes) is refused, and nothing is written")
    func tooLongRefused() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl", maximumLineBytes: 16)
        let longest = String(repeating: "a", count: 16)

        try log.append(longest)
        #expect(throws: BoundedLineLogError.lineTooLong) { try log.append(longest + "a") }
        // Nine characters, eighteen bytes.
        #expect(throws: BoundedLineLogError.lineTooLong) { try log.append(String(repeating: "é", count: 9)) }
        #expect(try contents(directory + "/events.jsonl") == longest + "\n")
    }

    @Test("A refused line's error says so without the line; a line break is named before the length")
    func refusalsDescribed() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl", maximumLineBytes: 4)

        #expect(throws: BoundedLineLogError.containsNewline) { try log.append("far too long\n") }
        #expect(!FileManager.default.fileExists(atPath: directory), "a refused line makes nothing")
        #expect(!BoundedLineLogError.lineTooLong.description.isEmpty)
        #expect(!BoundedLineLogError.containsNewline.description.isEmpty)
    }

    @Test("The longest line is at most the file's bound less its newline")
    func lineLimitFitsTheFile() {
        let log = BoundedLineLog(directory: "/nowhere", fileName: "events.jsonl", maximumBytes: 100)
        #expect(log.maximumBytes == 100)
        #expect(log.maximumLineBytes == 99)
        let defaults = BoundedLineLog(directory: "/nowhere", fileName: "events.jsonl")
        #expect(defaults.maximumBytes == 1_048_576)
        #expect(defaults.maximumLineBytes == 4096)
    }

    // MARK: - Rotation

    @Test("Rotation keeps the file within its bound, one rotated file, and the newest lines readable across both")
    func rotation() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl", maximumBytes: 200)
        let current = directory + "/events.jsonl"
        let rotated = current + ".1"
        // 30 bytes a line with its newline: six fit in 200.
        let lines = (1...100).map { "line-\(String(format: "%03d", $0))-" + String(repeating: "p", count: 20) }

        for line in lines {
            try log.append(line)
            #expect(try size(current) <= 200)
        }
        #expect(try size(rotated) <= 200)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                == ["events.jsonl", "events.jsonl.1", "events.jsonl.lock"])

        let inCurrent = try wholeLines(current)
        let inRotated = try wholeLines(rotated)
        #expect(inRotated + inCurrent == Array(lines.suffix(inRotated.count + inCurrent.count)))
        #expect(try log.lastLines(3) == Array(lines.suffix(3)))
        let all = try log.lastLines(1000)
        #expect(all == inRotated + inCurrent, "every line of both files, oldest first")
        #expect(all.count > inCurrent.count, "the rotated file was read too")
        #expect(try log.lastLines(inCurrent.count + 1) == Array(lines.suffix(inCurrent.count + 1)))
    }

    @Test("A line that would overflow the file rotates it even when it is the first to")
    func rotationAtTheBound() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "log", maximumBytes: 10)
        try log.append("12345678")  // 9 bytes
        try log.append("")  // 10 bytes: fits exactly
        #expect(try contents(directory + "/log") == "12345678\n\n")
        try log.append("x")  // would be 12: rotates
        #expect(try contents(directory + "/log") == "x\n")
        #expect(try contents(directory + "/log.1") == "12345678\n\n")
        try log.append("123456789")  // the longest line: a file of its own
        #expect(try contents(directory + "/log") == "123456789\n")
        #expect(try contents(directory + "/log.1") == "x\n")
        #expect(try log.lastLines(5) == ["x", "123456789"])
    }

    @Test("Reading stops at twice the bound: a file made larger behind the log's back is read only to there")
    func readBudget() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        try FileSystemFixtures.makeDirectory(directory)
        // 8 bytes a line, 400 in all; the budget is 200.
        let planted = (0..<50).map { "line-\(String(format: "%02d", $0))" }
        try FileSystemFixtures.plantFile(
            directory + "/events.jsonl", Data(planted.map { $0 + "\n" }.joined().utf8))
        try FileSystemFixtures.plantFile(directory + "/events.jsonl.1", Data("older\n".utf8))
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl", maximumBytes: 100)

        let read = try log.lastLines(1000)
        #expect((24...25).contains(read.count), "only the lines wholly within the last 200 bytes")
        #expect(read == Array(planted.suffix(read.count)), "the newest, with no gap and nothing of the older file")
        #expect(try log.lastLines(3) == Array(planted.suffix(3)))
    }

    // MARK: - A torn tail

    @Test("A torn last line is skipped; the next append ends it first, so its own line is whole")
    func tornTail() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl")
        let path = directory + "/events.jsonl"
        try log.append(#"{"n":1}"#)
        try log.append(#"{"n":2}"#)

        // A writer killed mid-write: bytes with no newline after them.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"n":3,"pa"#.utf8))
        try handle.close()
        #expect(try log.lastLines(10) == [#"{"n":1}"#, #"{"n":2}"#])
        #expect(try log.lastLines(1) == [#"{"n":2}"#])

        try log.append(#"{"n":4}"#)
        // The fragment stands as a line of its own (a JSON reader finds it does not parse); the new line is whole.
        #expect(try contents(path) == "{\"n\":1}\n{\"n\":2}\n{\"n\":3,\"pa\n{\"n\":4}\n")
        #expect(try log.lastLines(10) == [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3,"pa"#, #"{"n":4}"#])
        try log.append(#"{"n":5}"#)
        #expect(try log.lastLines(2) == [#"{"n":4}"#, #"{"n":5}"#])
    }

    @Test("A torn tail in the rotated file is skipped too")
    func tornTailRotated() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        try FileSystemFixtures.makeDirectory(directory)
        try FileSystemFixtures.plantFile(directory + "/log.1", Data("a\nb\ntorn".utf8))
        try FileSystemFixtures.plantFile(directory + "/log", Data("c\n".utf8))
        let log = BoundedLineLog(directory: directory, fileName: "log")
        #expect(try log.lastLines(10) == ["a", "b", "c"])
    }

    // MARK: - Failures

    @Test("A directory that cannot be made (its parent is a file) throws unwritable, without the line")
    func directoryCannotBeMade() throws {
        let parent = temporaryDirectory()
        defer { cleanUp(parent) }
        try FileSystemFixtures.makeDirectory(parent)
        try FileSystemFixtures.plantFile(parent + "/file", Data())
        // mkdir under a regular file fails with ENOTDIR, for root too.
        let log = BoundedLineLog(directory: parent + "/file/logs", fileName: "events.jsonl")

        let secret = "the-line-text-4711"
        let error = try #require(throws: BoundedLineLogError.self) { try log.append(secret) }
        guard case .unwritable(let reason) = error else {
            Issue.record("expected unwritable, got \(error)")
            return
        }
        #expect(reason.contains("Not a directory"), "strerror's words: \(reason)")
        #expect(!error.description.contains(secret))
        #expect(!reason.contains(secret))
        #expect(throws: BoundedLineLogError.self) { try log.lastLines(1) }
    }

    // Root ignores permission bits: as root a 0500 directory is writable, so
    // this test runs only for another user (the one above fails for root too).
    @Test(
        "A read-only directory throws unwritable, without the line, and nothing is made",
        .enabled(if: getuid() != 0, "root ignores a directory's permissions"))
    func readOnlyDirectory() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        try FileSystemFixtures.makeDirectory(directory, mode: 0o500)
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl")

        let secret = "the-line-text-4711"
        let error = try #require(throws: BoundedLineLogError.self) { try log.append(secret) }
        guard case .unwritable(let reason) = error else {
            Issue.record("expected unwritable, got \(error)")
            return
        }
        #expect(reason.contains("Permission denied"), "strerror's words: \(reason)")
        #expect(!error.description.contains(secret))
        #expect(try FileSystemFixtures.entries(directory) == [])
        #expect(try log.lastLines(5) == [], "nothing to read is no error")
    }

    @Test("A symbolic link at the log's path is never followed: the append throws and its target is untouched")
    func symbolicLinkRefused() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        try FileSystemFixtures.makeDirectory(directory)
        let target = directory + "/bashrc"
        try FileSystemFixtures.plantFile(target, Data("export A=1\n".utf8))
        try #require(symlink(target, directory + "/events.jsonl") == 0)
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl")

        let error = try #require(throws: BoundedLineLogError.self) { try log.append("line") }
        #expect(isUnwritable(error), "\(error)")
        #expect(try contents(target) == "export A=1\n")
        #expect(throws: BoundedLineLogError.self) { try log.lastLines(1) }
    }

    @Test(
        "A FIFO, a link or a directory at the rotated file's path is skipped, said why, and the current file's lines are read",
        arguments: ["fifo", "link", "directory"])
    func strayRotatedFileSkipped(kind: String) throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl")
        try log.append("current")
        let rotated = directory + "/events.jsonl.1"
        switch kind {
        case "fifo": try #require(mkfifo(rotated, 0o600) == 0)
        case "link": try #require(symlink(directory + "/events.jsonl", rotated) == 0)
        default: try FileSystemFixtures.makeDirectory(rotated)
        }

        let read = try log.readLastLines(10)

        #expect(read.lines == ["current"])
        #expect(read.skipped.count == 1)
        #expect(read.skipped.first?.contains("events.jsonl.1") == true, "\(read.skipped)")
        #expect(try log.lastLines(10) == ["current"])
    }

    @Test("A hard-linked file or a directory at the log's path is not the log's own: refused, never written")
    func foreignFilesRefused() throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        try FileSystemFixtures.makeDirectory(directory)
        let other = directory + "/other"
        try FileSystemFixtures.plantFile(other, Data("mine\n".utf8))
        try #require(link(other, directory + "/linked") == 0)
        try FileSystemFixtures.makeDirectory(directory + "/folder")

        for name in ["linked", "folder"] {
            let log = BoundedLineLog(directory: directory, fileName: name)
            let error = try #require(throws: BoundedLineLogError.self) { try log.append("line") }
            guard case .unwritable(let reason) = error else {
                Issue.record("\(name): expected unwritable, got \(error)")
                continue
            }
            #expect(reason.contains(directory + "/" + name), "the reason names the file: \(reason)")
            let readError = try #require(throws: BoundedLineLogError.self) { try log.lastLines(1) }
            guard case .unreadable = readError else {
                Issue.record("\(name): expected unreadable, got \(readError)")
                continue
            }
        }
        #expect(try contents(other) == "mine\n")
    }

    @Test("A file name that is a path is refused", arguments: ["", ".", "..", "../escape", "a/b"])
    func fileNameMustBePlain(name: String) throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: name)
        let error = try #require(throws: BoundedLineLogError.self) { try log.append("line") }
        #expect(isUnwritable(error), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    // MARK: - Permissions

    @Test("The directory is made 0700 (with its parents), the files 0600, the rotated one too")
    func privateModes() throws {
        let parent = temporaryDirectory()
        defer { cleanUp(parent) }
        let directory = parent + "/state/logs"
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl", maximumBytes: 20)
        try log.append("0123456789")
        try log.append("0123456789")  // rotates

        #expect(try FileSystemFixtures.mode(parent) == 0o700)
        #expect(try FileSystemFixtures.mode(directory) == 0o700)
        #expect(try FileSystemFixtures.mode(directory + "/events.jsonl") == 0o600)
        #expect(try FileSystemFixtures.mode(directory + "/events.jsonl.1") == 0o600)
        #expect(try FileSystemFixtures.mode(directory + "/events.jsonl.lock") == 0o600)
    }

    // MARK: - Writers at once

    @Test("Eight tasks appending 250 lines each leave 2,000 whole lines, each task's in its order")
    func tasksAtOnce() async throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl")
        let pad = String(repeating: "y", count: 100)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for n in 1...250 { try log.append("task-\(task) n-\(n) \(pad)") }
                }
            }
            try await group.waitForAll()
        }

        let lines = try log.lastLines(10_000)
        #expect(lines == (try wholeLines(directory + "/events.jsonl")))
        #expect(lines.count == 2000)
        var seen: [Int: [Int]] = [:]
        for line in lines {
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[2] == pad, parts[0].hasPrefix("task-"), parts[1].hasPrefix("n-"),
                let task = Int(parts[0].dropFirst(5)), let n = Int(parts[1].dropFirst(2))
            else {
                Issue.record("a torn or glued line: \(line.prefix(60))…")
                continue
            }
            seen[task, default: []].append(n)
        }
        #expect(seen.count == 8)
        for (task, numbers) in seen { #expect(numbers == Array(1...250), "task \(task)'s lines, whole and in order") }
    }

    /// One line a stress child writes.
    private struct ChildLine: Decodable, Equatable {
        let tag: String
        let n: Int
        let pad: String
    }

    /// `line` as a child's line, or an issue saying why it is none.
    private func parsed(_ line: String) -> ChildLine? {
        guard let line = try? JSONDecoder().decode(ChildLine.self, from: Data(line.utf8)),
            line.pad == String(repeating: "x", count: 100)
        else {
            Issue.record("not a whole line of a child: \(line.prefix(60))…")
            return nil
        }
        return line
    }

    @Test("Two processes appending 1,000 lines each leave exactly 2,000 whole lines, each process's in its order")
    func twoProcesses() async throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }

        let endings = try await offThePool {
            try LineAppenders.run([
                ["--append-lines", directory, "events.jsonl", "1000", "a"],
                ["--append-lines", directory, "events.jsonl", "1000", "b"],
            ])
        }
        for ending in endings { #expect(ending.status == 0, "a child failed: \(ending.errors)") }

        #expect(!FileManager.default.fileExists(atPath: directory + "/events.jsonl.1"), "1 MiB: nothing rotated")
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl")
        let lines = try log.lastLines(10_000)
        #expect(lines.count == 2000)
        #expect(lines == (try wholeLines(directory + "/events.jsonl")))
        let parsedLines = lines.compactMap(parsed)
        #expect(parsedLines.filter { $0.tag == "a" }.map(\.n) == Array(1...1000))
        #expect(parsedLines.filter { $0.tag == "b" }.map(\.n) == Array(1...1000))
    }

    @Test("Two processes appending with rotation: every line left is whole, and each process's stay in order")
    func twoProcessesRotating() async throws {
        let directory = temporaryDirectory()
        defer { cleanUp(directory) }

        let endings = try await offThePool {
            try LineAppenders.run([
                ["--append-lines", directory, "events.jsonl", "1000", "a", "4096"],
                ["--append-lines", directory, "events.jsonl", "1000", "b", "4096"],
            ])
        }
        for ending in endings { #expect(ending.status == 0, "a child failed: \(ending.errors)") }

        let current = directory + "/events.jsonl"
        #expect(try size(current) <= 4096)
        #expect(try size(current + ".1") <= 4096)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                == ["events.jsonl", "events.jsonl.1", "events.jsonl.lock"])
        let onDisk = try wholeLines(current + ".1") + wholeLines(current)
        let log = BoundedLineLog(directory: directory, fileName: "events.jsonl", maximumBytes: 4096)
        let lines = try log.lastLines(10_000)
        #expect(lines == onDisk, "both files, oldest first")
        #expect(lines.count > 0)
        let parsedLines = lines.compactMap(parsed)
        #expect(parsedLines.count == lines.count)
        for tag in ["a", "b"] {
            let numbers = parsedLines.filter { $0.tag == tag }.map(\.n)
            #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count, "\(tag)'s lines in order")
        }
        #expect(parsedLines.last?.n == 1000, "the newest line is one process's last")
    }
}

/// `session-store-stress --append-lines` children, started together: each
/// waits for its standard input to end, and it ends for all of them at once
/// when the parent closes the one socket they share. Started with
/// `posix_spawn` (as `StressChild` is, and for its reason); each child's
/// standard error is kept to say why it failed.
enum LineAppenders {
    struct Ending {
        let status: Int32
        let errors: String
    }

    /// Runs one child per argument list, all at once; blocks until all have ended.
    static func run(_ argumentLists: [[String]]) throws -> [Ending] {
        let start = try socketPair()
        var children: [(pid: pid_t, errors: Int32)] = []
        for arguments in argumentLists {
            do {
                let errors = try socketPair()
                do {
                    children.append((try spawn(arguments, stdin: start.1, stderr: errors.1), errors.0))
                    close(errors.1)
                } catch {
                    close(errors.0)
                    close(errors.1)
                    throw error
                }
            } catch {
                // The children already started get their start signal, end, and are reaped.
                close(start.0)
                close(start.1)
                _ = children.map(finish)
                throw error
            }
        }
        // Every child holds a copy of the start socket's far end as its
        // standard input: closing the near end ends it for all at once.
        close(start.0)
        close(start.1)
        return children.map(finish)
    }

    /// Reads what the child says on standard error to its end, then reaps it.
    private static func finish(_ child: (pid: pid_t, errors: Int32)) -> Ending {
        let errors = readToEnd(child.errors)
        close(child.errors)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 {
            if errno != EINTR { return Ending(status: -1, errors: errors + " (waitpid failed)") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Glibc's module does not export:
        // an exit status, or 128 + the signal that killed it.
        let signal = status & 0x7f
        return Ending(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, errors: errors)
    }

    /// A connected pair of sockets, close-on-exec: no other child spawned
    /// meanwhile inherits them.
    private static func socketPair() throws -> (Int32, Int32) {
        guard let ends = Platform.streamSocketPair() else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE)
        }
        return ends
    }

    private static func spawn(_ arguments: [String], stdin: Int32, stderr: Int32) throws -> pid_t {
        switch Platform.spawn(
            StressChild.executable, arguments: arguments, input: .descriptor(stdin), error: .descriptor(stderr))
        {
        case .success(let pid): return pid
        case .failure(let failure): throw POSIXError(POSIXErrorCode(rawValue: failure.code) ?? .EINVAL)
        }
    }

    private static func readToEnd(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
