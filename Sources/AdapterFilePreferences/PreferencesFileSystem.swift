import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX calls the preferences file needs, each throwing errno's
/// meaning on failure. A small copy of what the file keychain has, so this
/// adapter depends on `Ports` alone (the dependency rule forbids one adapter
/// importing another).
enum PreferencesFileSystem {
    struct Failure: Error {
        let call: String
        let code: Int32

        var reason: String { "\(call): \(String(cString: strerror(code)))" }
        var isNotFound: Bool { code == ENOENT || code == ENOTDIR }
    }

    /// Opens for reading without blocking: a FIFO planted where the file
    /// belongs opens at once instead of waiting for a writer.
    static func openForReading(_ path: String) throws(Failure) -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(call: "open", code: errno) }
        return fd
    }

    static func status(of fd: Int32) throws(Failure) -> stat {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(call: "fstat", code: errno) }
        return info
    }

    /// Why the file `info` describes is no preferences file of this user's
    /// own — nil when it is one: a regular file, with one name (no hard link
    /// elsewhere shares it), owned by this process's user. Anything else may
    /// be another file under the preferences' name, so it is set aside
    /// unread. `info` comes from `fstat` on the opened descriptor.
    static func whyNotOwnFile(_ info: stat) -> String? {
        guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard info.st_nlink == 1 else {
            return "it has \(info.st_nlink) names: another file is hard-linked to it, so it may be that other file"
        }
        guard info.st_uid == geteuid() else { return "it belongs to another user (uid \(info.st_uid))" }
        return nil
    }

    /// Reads to the end, or to one byte past `limit` if the file is longer.
    static func read(_ fd: Int32, limit: Int) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "read", code: errno)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Whether `path` still names the file `info` describes (same device and
    /// inode): a save may have replaced it since it was opened.
    static func stillNames(_ path: String, _ info: stat) -> Bool {
        var now = stat()
        guard stat(path, &now) == 0 else { return false }
        return now.st_dev == info.st_dev && now.st_ino == info.st_ino
    }

    static func rename(_ from: String, _ to: String) throws(Failure) {
        guard Glibc.rename(from, to) == 0 else { throw Failure(call: "rename", code: errno) }
    }

    /// Makes `path` a directory, and its missing parents; a directory made
    /// here is 0700 (what it holds is personal), one already there is left as it is.
    static func ensureDirectory(_ path: String) throws(Failure) {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw Failure(call: "mkdir", code: errno) }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { throw Failure(call: "mkdir", code: ENOENT) }
        try ensureDirectory(parent)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw Failure(call: "mkdir", code: errno) }
    }

    /// Holds an exclusive `flock` on `path` (made 0600 if missing) while
    /// `body` runs, so two writers — in this process or another — take turns.
    static func withExclusiveLock<Result>(
        on path: String, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(call: "open", code: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(call: "flock", code: errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Replaces `name` in `directory` with `data` so that a reader or a crash
    /// sees the old content or the new, whole: a new 0600 file made
    /// exclusively beside it, fsynced, renamed over it, the directory
    /// fsynced. Call with the lock held: a temporary file already there was
    /// left by a writer that died, and is removed.
    static func replaceAtomically(named name: String, in directory: String, with data: Data) throws(Failure) {
        removeLeftoverTemporaries(of: name, in: directory)
        let temporary =
            directory + "/" + temporaryPrefix(of: name) + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(call: "open", code: errno) }
        do throws(Failure) {
            try writeAll(fd, data)
            guard fsync(fd) == 0 else { throw Failure(call: "fsync", code: errno) }
            close(fd)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        do throws(Failure) {
            try rename(temporary, directory + "/" + name)
        } catch {
            unlink(temporary)
            throw error
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryFD >= 0 else { throw Failure(call: "open", code: errno) }
        defer { close(directoryFD) }
        guard fsync(directoryFD) == 0 else { throw Failure(call: "fsync", code: errno) }
    }

    /// The names a temporary file of `replaceAtomically(named: name, …)` starts with.
    static func temporaryPrefix(of name: String) -> String { ".\(name).tmp-" }

    /// Whether `directory` holds a temporary file a save of `name` left.
    static func hasLeftoverTemporaries(of name: String, in directory: String) -> Bool {
        let prefix = temporaryPrefix(of: name)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains {
            $0.hasPrefix(prefix)
        }
    }

    /// Unlinks every temporary file a save of `name` killed before its
    /// rename left in `directory`. Call with the lock held: no save is
    /// running, so each one there is a leftover. (Only ever unlinked: the
    /// preferences hold no secret, so one the directory keeps can wait.)
    static func removeLeftoverTemporaries(of name: String, in directory: String) {
        let prefix = temporaryPrefix(of: name)
        for leftover in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where leftover.hasPrefix(prefix) {
            unlink(directory + "/" + leftover)
        }
    }

    private static func writeAll(_ fd: Int32, _ data: Data) throws(Failure) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, data.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "write", code: errno)
            }
            offset += written
        }
    }
}
