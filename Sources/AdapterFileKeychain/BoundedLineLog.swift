import AdapterSupport

import OperatingSystem

/// An append-only log of lines of text in a file, kept under a size bound by
/// rotation, that several processes — and several threads of one — may
/// append to at once without a line ever being torn or interleaved with
/// another. It knows lines, nothing of what they say (a caller may write one
/// JSON object per line; this type never parses them).
///
/// - Files, all in `directory`: `fileName` (the current file), `fileName.1`
///   (the rotated one, at most one) and `fileName.lock` (the lock file,
///   never removed: removing a lock file others wait on would let two
///   writers in at once). The directory is made 0700 (with its missing
///   parents) by the first append; one already there is left as it is. It
///   is resolved once, when the log is made, as the store's is
///   (`StoreDirectory`). Files are made 0600.
/// - One line, one `write(2)`: `append` writes the line and its newline in
///   one call on a descriptor opened `O_APPEND` (more calls only if the
///   kernel takes part of it, which a local file does not do for lines this
///   short but a full disk may), while holding an exclusive `flock(2)` on
///   the lock file — so appends and rotations of every process, and of every
///   thread (each append opens the lock file afresh, and `flock`s of
///   distinct opens exclude each other even within one process), happen one
///   at a time.
/// - Bounded: an append that would make the current file larger than
///   `maximumBytes` first renames it to `fileName.1` (replacing the older
///   one) and starts an empty file, so the log holds at most about
///   `2 × maximumBytes`. The size is read under the lock, so two processes
///   never both rotate for one overflow. A line may be no longer than
///   `maximumLineBytes`, which is at most `maximumBytes - 1`, so a current
///   file written only through this type is never larger than `maximumBytes`.
/// - Its own files only: the log file is opened `O_NOFOLLOW | O_NONBLOCK`
///   and must be a regular file with one name owned by this user
///   (`POSIXFile.whyNotOwnFile`, checked with `fstat` on that descriptor
///   before a byte is written or read): a symbolic link, a FIFO, a directory
///   or a file hard-linked to another name (it may be the user's
///   `~/.bashrc`) is refused, never written to.
/// - A torn tail — bytes with no newline after them, left by a writer killed
///   in the middle of its `write`, or by a full disk — is skipped by
///   `lastLines`. The next append first ends it with a newline (in the same
///   single write as its own line, under the lock), so a new line is never
///   glued to a fragment; the fragment then reads as a line of its own, which
///   a caller that parses lines must expect not to parse.
/// - Not durable against a crash of the machine: lines are not fsynced (a
///   log of events is not worth a disk flush per line); a crash of the
///   process loses nothing it had written.
/// - `append` and `lastLines` block the calling thread while another
///   process or thread holds the lock — for one short write, or one read of
///   at most `2 × maximumBytes`.
public final class BoundedLineLog: Sendable {
    /// The directory of the log's files, its symbolic links resolved when the log was made.
    public let directory: String
    /// The current file's name in `directory`; the rotated one is this plus `.1`, the lock file this plus `.lock`.
    public let fileName: String
    /// The size the current file never exceeds through appends: at least 2 bytes.
    public let maximumBytes: Int
    /// The longest line `append` takes, in UTF-8 bytes without its newline:
    /// as asked, but at most `maximumBytes - 1` so that a line always fits in a file.
    public let maximumLineBytes: Int

    private let path: String
    private let rotatedPath: String
    private let lockPath: String

    /// A log of `fileName` in `directory`. Nothing is made or checked until
    /// the first `append` (`lastLines` makes nothing at all).
    ///
    /// - Parameters:
    ///   - directory: where the files live; made 0700 (with its missing
    ///     parents) by the first append if missing. An empty path is the
    ///     working directory.
    ///   - fileName: the current file's name, such as `events.jsonl`: a plain
    ///     name, no `/` (appends to any other name throw `.unwritable`); the
    ///     rotated file is `fileName.1`.
    ///   - maximumBytes: when an append would make the current file larger
    ///     than this, the file is first rotated. At least 2; 1 MiB unless said.
    ///   - maximumLineBytes: a line longer than this (UTF-8 bytes) is refused;
    ///     4 KiB unless said, and never more than `maximumBytes - 1`.
    public init(directory: String, fileName: String, maximumBytes: Int = 1_048_576, maximumLineBytes: Int = 4096) {
        self.directory = StoreDirectory.resolved(directory.isEmpty ? "." : directory)
        self.fileName = fileName
        self.maximumBytes = max(maximumBytes, 2)
        self.maximumLineBytes = max(0, min(maximumLineBytes, self.maximumBytes - 1))
        path = self.directory + "/" + fileName
        rotatedPath = path + ".1"
        lockPath = path + ".lock"
    }

    // MARK: - Appending

    /// Appends `line` and a newline to the current file, as one `write(2)`
    /// on a descriptor opened `O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC |
    /// O_NOFOLLOW | O_NONBLOCK` with mode 0600, while holding an exclusive
    /// `flock(2)` on `fileName.lock`. Rotates first when the line would make
    /// the file larger than `maximumBytes`. Two processes appending 1,000
    /// lines each leave 2,000 whole lines.
    ///
    /// The descriptor is opened for reading too (`O_RDWR`, not `O_WRONLY`):
    /// under the lock, the append reads the file's last byte on that very
    /// descriptor — the file `fstat` checked — to end a torn tail with a
    /// newline first. `O_NONBLOCK` keeps a FIFO planted at the path from
    /// hanging the open; it changes nothing for a regular file.
    ///
    /// - Throws: `.containsNewline` when the line holds `\n` or `\r` (checked
    ///   first), `.lineTooLong` when it has more than `maximumLineBytes` UTF-8
    ///   bytes — both before anything is touched, so nothing is written;
    ///   `.unwritable` when the directory cannot be made, a file cannot be
    ///   opened, locked, rotated or written (no permission, a read-only or
    ///   full disk, a file that is not the log's own). Then nothing was
    ///   written, or, after a partial write, a torn tail that later reads skip.
    public func append(_ line: String) throws(BoundedLineLogError) {
        var record = Array(line.utf8)
        if record.contains(where: { $0 == Self.newline || $0 == Self.carriageReturn }) { throw .containsNewline }
        guard record.count <= maximumLineBytes else { throw .lineTooLong }
        record.append(Self.newline)
        do throws(POSIXFile.Failure) {
            try checkFileName()
            do throws(POSIXFile.Failure) {
                try POSIXFile.ensureDirectory(directory)
            } catch {
                throw POSIXFile.Failure(
                    call: error.call, code: error.code,
                    explanation: "the directory \(directory) could not be made (\(error.reason))")
            }
            let lock = try Self.openFile(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NOCTTY)
            // Closing the descriptor lets the lock go, on every path out.
            defer { close(lock) }
            do throws(POSIXFile.Failure) {
                try POSIXFile.exclusiveLock(lock)
            } catch {
                throw Self.failure(error.code, "flock", lockPath)
            }
            try appendHoldingTheLock(record)
        } catch {
            // The reason names calls, paths and errno's words; never the line.
            throw .unwritable(error.reason)
        }
    }

    /// The append proper, under the exclusive lock: checks the current file,
    /// rotates it if `record` would overflow it, ends a torn tail, writes.
    private func appendHoldingTheLock(_ record: [UInt8]) throws(POSIXFile.Failure) {
        var current = try openCurrentForAppending()
        if current.size > 0, current.size + record.count > maximumBytes {
            close(current.descriptor)
            try rotate()
            current = try openCurrentForAppending()
        }
        defer { close(current.descriptor) }
        var bytes = record
        if current.size > 0, try !endsWithNewline(current.descriptor, size: current.size) {
            // A torn tail: end it, so the new line starts a line of its own.
            // In the same write, so a reader never sees the repair without the line.
            bytes.insert(Self.newline, at: 0)
        }
        try Self.writeWhole(current.descriptor, bytes, path)
    }

    /// Opens the current file (made 0600 if missing) and says its size,
    /// after `fstat` on the descriptor showed it is the log's own file.
    private func openCurrentForAppending() throws(POSIXFile.Failure) -> (descriptor: Int32, size: Int) {
        let descriptor = try Self.openFile(
            path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        do throws(POSIXFile.Failure) {
            let info = try Self.status(descriptor, path)
            if let why = POSIXFile.whyNotOwnFile(info) {
                throw POSIXFile.Failure(
                    call: "fstat", code: EPERM, explanation: "\(path) is not the log's own file: \(why); not written")
            }
            return (descriptor, Int(info.st_size))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Renames the current file to `fileName.1`, replacing the older one;
    /// the next open makes a new current file. Under the lock: no other
    /// writer of this type has the old file open (each opens per append).
    private func rotate() throws(POSIXFile.Failure) {
        guard rename(path, rotatedPath) == 0 else {
            let code = errno
            // Gone since it was opened (removed behind the log's back): nothing to rotate.
            if code == ENOENT { return }
            throw Self.failure(code, "rename", "\(path) to \(rotatedPath)")
        }
    }

    /// Whether the last of the file's `size` bytes is a newline.
    private func endsWithNewline(_ descriptor: Int32, size: Int) throws(POSIXFile.Failure) -> Bool {
        let last = try Self.readExactly(descriptor, at: size - 1, count: 1, path)
        // A file that shrank meanwhile (emptied behind the log's back) has no tail to end.
        return last.first.map { $0 == Self.newline } ?? true
    }

    // MARK: - Reading

    /// What ``readLastLines(_:)`` answers: the lines, and why a rotated file
    /// was skipped, when one was (never a line of it).
    public struct LastLines: Sendable, Equatable {
        /// The last lines, oldest first.
        public var lines: [String]
        /// For each file skipped, why (its path and what it is).
        public var skipped: [String]
    }

    /// The last `count` whole lines, oldest first, as ``readLastLines(_:)``
    /// answers them (a stray rotated file skipped).
    public func lastLines(_ count: Int) throws(BoundedLineLogError) -> [String] {
        try readLastLines(count).lines
    }

    /// The last `count` whole lines, oldest first (none when `count` ≤ 0):
    /// from the current file, and from `fileName.1` before them when the
    /// current file has fewer than `count`.
    ///
    /// - A torn last line (bytes with no newline after them, from a writer
    ///   that crashed mid-write) is skipped, in either file.
    /// - Reads at most `2 × maximumBytes` bytes in all, from the ends of the
    ///   files backwards, and only as much as `count` lines need. A line
    ///   whose start lies beyond that budget is left out, as is every line
    ///   of `fileName.1` if the current file alone took the budget (a file
    ///   made larger behind the log's back): the answer has no gap.
    /// - Holds a shared `flock` on the lock file while it reads, so no append
    ///   rotates between the reads of the two files (which would answer a
    ///   line twice, or skip some). When the lock file cannot be opened (no
    ///   append ever ran, or it may not be read) the files are read without it.
    /// - Missing files (and a missing directory) are an empty answer. A
    ///   current file that cannot be read throws `.unreadable`, as does one
    ///   that is not the log's own (a symbolic link, a FIFO, a directory, a
    ///   file hard-linked to another name or of another user). Such a
    ///   `fileName.1` is skipped instead, and said in ``LastLines/skipped``:
    ///   the current file's lines are still answered.
    public func readLastLines(_ count: Int) throws(BoundedLineLogError) -> LastLines {
        guard count > 0 else { return LastLines(lines: [], skipped: []) }
        do throws(POSIXFile.Failure) {
            try checkFileName()
            let lock = sharedLock()
            defer { if let lock { close(lock) } }
            let budget = maximumBytes > Int.max / 2 ? Int.max : maximumBytes * 2
            let newest = try tail(of: path, wanting: count, budget: budget)
            var lines = newest.lines
            var skipped: [String] = []
            if lines.count < count, newest.reachedStart, budget > newest.bytesRead {
                do throws(POSIXFile.Failure) {
                    let older = try tail(
                        of: rotatedPath, wanting: count - lines.count, budget: budget - newest.bytesRead)
                    lines = older.lines + lines
                } catch {
                    skipped.append(error.reason)
                }
            }
            return LastLines(lines: Array(lines.suffix(count)), skipped: skipped)
        } catch {
            throw .unreadable(error.reason)
        }
    }

    /// A shared `flock` on the lock file, or nil when it cannot be had.
    private func sharedLock() -> Int32? {
        // No O_CREAT: reading makes nothing (the directory may be read-only).
        guard let descriptor = try? Self.openFile(lockPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY) else {
            return nil
        }
        while flock(descriptor, LOCK_SH) != 0 {
            if errno == EINTR { continue }
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The whole lines at the end of the file at `path`, read backwards in
    /// chunks until `wanting` of them are known whole, the file's start is
    /// reached, or `budget` bytes are read. A line counts as whole when a
    /// newline ends it and it starts at the file's start or after a newline
    /// that was read.
    private func tail(of path: String, wanting: Int, budget: Int) throws(POSIXFile.Failure)
        -> (lines: [String], bytesRead: Int, reachedStart: Bool)
    {
        let descriptor: Int32
        do throws(POSIXFile.Failure) {
            descriptor = try Self.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        } catch  where error.isNotFound {
            return ([], 0, true)
        }
        defer { close(descriptor) }
        let info = try Self.status(descriptor, path)
        if let why = POSIXFile.whyNotOwnFile(info) {
            throw POSIXFile.Failure(
                call: "fstat", code: EPERM, explanation: "\(path) is not the log's own file: \(why); not read")
        }
        var start = Int(info.st_size)
        var chunks: [[UInt8]] = []
        var newlines = 0
        var bytesRead = 0
        while start > 0, bytesRead < budget {
            // Lines known whole so far: every newline but the one that may end a torn tail
            // and the first, whose line may start before `start`.
            if newlines - 1 >= wanting { break }
            let size = min(Self.readChunk, start, budget - bytesRead)
            let chunk = try Self.readExactly(descriptor, at: start - size, count: size, path)
            // Shorter than asked: the file was emptied behind the log's back; what is there is all.
            guard chunk.count == size else { break }
            start -= size
            bytesRead += size
            newlines += chunk.count(where: { $0 == Self.newline })
            chunks.append(chunk)
        }
        var bytes = Array(chunks.reversed().joined())
        // The torn tail: whatever follows the last newline.
        guard let lastNewline = bytes.lastIndex(of: Self.newline) else { return ([], bytesRead, start == 0) }
        bytes.removeSubrange(lastNewline...)
        if start > 0 {
            // The first line may have begun before what was read: not known whole.
            guard let firstNewline = bytes.firstIndex(of: Self.newline) else { return ([], bytesRead, false) }
            bytes.removeSubrange(...firstNewline)
        }
        // What is left ends each line but the last with a newline; an empty rest is one empty line.
        let lines = bytes.split(separator: Self.newline, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        return (lines, bytesRead, start == 0)
    }

    // MARK: - System calls

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    /// How much `lastLines` reads at a time, backwards from a file's end.
    private static let readChunk = 65_536

    /// The file name must name a file in `directory`, not a path elsewhere.
    private func checkFileName() throws(POSIXFile.Failure) {
        guard !fileName.isEmpty, fileName != ".", fileName != "..", !fileName.utf8.contains(UInt8(ascii: "/")),
            !fileName.utf8.contains(0)
        else {
            throw POSIXFile.Failure(
                call: "open", code: EINVAL, explanation: "the log's file name \"\(fileName)\" is not a plain file name")
        }
    }

    /// A failure of `call` on `subject` with errno `code`, in words that name both.
    private static func failure(_ code: Int32, _ call: String, _ subject: String) -> POSIXFile.Failure {
        POSIXFile.Failure(call: call, code: code, explanation: "\(call) \(subject): \(String(cString: strerror(code)))")
    }

    /// Opens `path` close-on-exec (made 0600 when `flags` ask), retrying after an interruption.
    private static func openFile(_ path: String, _ flags: Int32) throws(POSIXFile.Failure) -> Int32 {
        while true {
            let descriptor = open(path, flags | O_CLOEXEC, mode_t(0o600))
            if descriptor >= 0 { return descriptor }
            let code = errno
            if code != EINTR { throw failure(code, "open", path) }
        }
    }

    private static func status(_ descriptor: Int32, _ path: String) throws(POSIXFile.Failure) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(errno, "fstat", path) }
        return info
    }

    /// Writes all of `bytes`: one `write` unless the kernel takes only part
    /// (then the rest, as the next call), retrying after an interruption.
    private static func writeWhole(_ descriptor: Int32, _ bytes: [UInt8], _ path: String) throws(POSIXFile.Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw failure(code, "write", path)
            }
            // A regular file takes at least a byte or fails; never loop on nothing.
            guard written > 0 else { throw failure(EIO, "write", path) }
            offset += written
        }
    }

    /// `count` bytes at `offset`, fewer only if the file ends first; retries after an interruption.
    private static func readExactly(_ descriptor: Int32, at offset: Int, count: Int, _ path: String)
        throws(POSIXFile.Failure) -> [UInt8]
    {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled))
            }
            if read < 0 {
                let code = errno
                if code == EINTR { continue }
                throw failure(code, "read", path)
            }
            if read == 0 { break }
            filled += read
        }
        return Array(bytes[..<filled])
    }
}

/// Why a `BoundedLineLog` refused a line or could not write or read.
/// The texts say what failed and why (`strerror`'s words), naming calls and
/// paths — never a line's content, which may be anything a caller logs.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum BoundedLineLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line has more UTF-8 bytes than the log's `maximumLineBytes`; nothing was written.
    case lineTooLong
    /// The line holds a line feed or a carriage return, which would split it; nothing was written.
    case containsNewline
    /// The log could not be written: the directory could not be made, or a
    /// file opened, locked, rotated or written (the text says which, and why).
    case unwritable(String)
    /// The log could not be read: a file there could not be opened or read,
    /// or is not the log's own (the text says which, and why).
    case unreadable(String)

    /// What went wrong, in words.
    public var description: String {
        switch self {
        case .lineTooLong: "the line is longer than the log takes"
        case .containsNewline: "the line contains a line break"
        case .unwritable(let reason): "the log could not be written: \(reason)"
        case .unreadable(let reason): "the log could not be read: \(reason)"
        }
    }
}
