public import Foundation

import OperatingSystem

/// The few POSIX calls the file adapters need (the file keychain's stores
/// and the preferences file), each throwing errno on failure, so a store
/// reads as a sequence of decisions rather than C.
public enum POSIXFile {
    /// A POSIX call that failed: which one, and its errno.
    public struct Failure: Error {
        /// The call that failed (`open`, `rename`, …).
        public let call: String
        /// Its errno.
        public let code: Int32
        /// Why, in words, when errno alone would not say it (a directory of
        /// another user is no errno).
        public var explanation: String?

        /// A failure of `call` with errno `code`, and why in words if errno alone would not say it.
        public init(call: String, code: Int32, explanation: String? = nil) {
            self.call = call
            self.code = code
            self.explanation = explanation
        }

        /// What went wrong, in words.
        public var reason: String { explanation ?? "\(call): \(String(cString: strerror(code)))" }
        /// Whether the path is not there.
        public var isNotFound: Bool { code == ENOENT }
    }

    /// Opens `path` (close-on-exec), making it with `mode` if `flags` ask for that.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws(Failure) -> Int32 {
        let fd = SystemCall.open(path, flags | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(call: "open", code: errno) }
        return fd
    }

    /// Reads to the end, or to one byte past `limit` if the file is longer
    /// (so a caller can tell "too long" without reading the rest).
    public static func readAll(_ fd: Int32, limit: Int = Int.max) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "read", code: errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit { return data }
        }
    }

    /// Reads the `size` bytes `fstat` gave for the regular file `fd`: with
    /// one `read` when it gives them all, never a second one only to see the
    /// end. A file that grew since is read as it was at its `fstat` (its
    /// first `size` bytes), one that shrank as far as it goes.
    public static func read(_ fd: Int32, size: Int) throws(Failure) -> Data {
        var data = Data(count: size)
        var filled = 0
        while filled < size {
            let count = data.withUnsafeMutableBytes { bytes in
                SystemCall.read(fd, bytes.baseAddress.map { $0 + filled }, size - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "read", code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        if filled < size { data.removeSubrange(filled...) }
        return data
    }

    /// What one `read` of at most `limit` bytes gives (retried only after an
    /// interruption that read nothing): for a caller that knows what it
    /// expects and needs no more than one look.
    public static func readOnce(_ fd: Int32, atMost limit: Int) throws(Failure) -> Data {
        var data = Data(count: limit)
        while true {
            let count = data.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress, limit) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "read", code: errno)
            }
            data.removeSubrange(count...)
            return data
        }
    }

    /// Writes all of `data`, retrying after an interruption.
    public static func writeAll(_ fd: Int32, _ data: Data) throws(Failure) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                SystemCall.write(fd, bytes.baseAddress.map { $0 + offset }, data.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(call: "write", code: errno)
            }
            offset += written
        }
    }

    /// Flushes the open file `fd` to the disk.
    public static func fsync(_ fd: Int32) throws(Failure) {
        guard SystemCall.fsync(fd) == 0 else { throw Failure(call: "fsync", code: errno) }
    }

    /// Flushes a directory's entries (a rename is durable only after this).
    public static func fsyncDirectory(_ path: String) throws(Failure) {
        let fd = try open(path, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        try fsync(fd)
    }

    /// Renames `from` to `to`, replacing what is there.
    public static func rename(_ from: String, _ to: String) throws(Failure) {
        guard SystemCall.rename(from, to) == 0 else { throw Failure(call: "rename", code: errno) }
    }

    /// Removes the name `path`.
    public static func unlink(_ path: String) throws(Failure) {
        guard SystemCall.unlink(path) == 0 else { throw Failure(call: "unlink", code: errno) }
    }

    /// The status of the open file `fd`.
    public static func status(of fd: Int32) throws(Failure) -> stat {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(call: "fstat", code: errno) }
        return info
    }

    /// The status of `path` itself, not of what a symbolic link there points to.
    public static func linkStatus(_ path: String) throws(Failure) -> stat {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Failure(call: "lstat", code: errno) }
        return info
    }

    /// Takes an exclusive `flock` on `fd` if no one holds one; false if someone does.
    public static func tryExclusiveLock(_ fd: Int32) throws(Failure) -> Bool {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return false }
            guard errno == EINTR else { throw Failure(call: "flock", code: errno) }
        }
        return true
    }

    /// Takes an exclusive `flock` on `fd`, waiting for it.
    public static func exclusiveLock(_ fd: Int32) throws(Failure) {
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(call: "flock", code: errno) }
        }
    }

    /// The names in a directory (no "." or "..").
    public static func entries(_ path: String) throws(Failure) -> [String] {
        guard let names = Platform.directoryEntries(path) else { throw Failure(call: "opendir", code: errno) }
        return names.filter { $0 != "." && $0 != ".." }
    }

    /// Sets the mode of the open file `fd`.
    public static func chmod(_ fd: Int32, _ mode: mode_t) throws(Failure) {
        guard fchmod(fd, mode) == 0 else { throw Failure(call: "fchmod", code: errno) }
    }

    /// Empties the open file `fd` (never by path: the caller has checked,
    /// with `fstat` on this very descriptor, that it is the store's own).
    public static func truncate(_ fd: Int32) throws(Failure) {
        while ftruncate(fd, 0) != 0 {
            guard errno == EINTR else { throw Failure(call: "ftruncate", code: errno) }
        }
    }

    /// Whether `path` still names the file `info` describes (same device and
    /// inode): a save may have replaced it since it was opened.
    public static func stillNames(_ path: String, _ info: stat) -> Bool {
        var now = stat()
        guard stat(path, &now) == 0 else { return false }
        return now.st_dev == info.st_dev && now.st_ino == info.st_ino
    }

    /// Makes `path` a directory, and its missing parents; a directory made
    /// here is 0700, one already there is left as it is (for a directory that
    /// holds nothing secret; a store of secrets uses `ensurePrivateDirectory`).
    public static func ensureDirectory(_ path: String) throws(Failure) {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw Failure(call: "mkdir", code: errno) }
        let parent = Self.parent(of: path)
        guard !parent.isEmpty, parent != path else { throw Failure(call: "mkdir", code: ENOENT) }
        try ensureDirectory(parent)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw Failure(call: "mkdir", code: errno) }
    }

    /// Makes `path` a directory of mode 0700 if it is not one; returns the
    /// mode it had when its permissions had to be tightened, nil otherwise.
    ///
    /// A directory that is there already must be a real directory (the path
    /// is resolved once, when the store is made — `StoreDirectory`) owned by
    /// this user: a directory of another user, or a symbolic link, is refused
    /// with a reason, never tightened and never written in. So is one whose
    /// parent belongs to another user (root aside, as `/tmp`'s): whoever
    /// owns the parent can move the directory away and put another in its
    /// place. The file keychain keeps each backend in a folder of the store
    /// directory, and this is how that directory is still checked.
    public static func ensurePrivateDirectory(_ path: String) throws(Failure) -> mode_t? {
        try refuseParentOfAnotherUser(of: path)
        if mkdir(path, 0o700) == 0 { return nil }
        guard errno == EEXIST else {
            if errno == ENOENT {
                // A missing parent: make it too (0700 all the way down is fine for a data dir).
                let parent = Self.parent(of: path)
                guard !parent.isEmpty, parent != path else { throw Failure(call: "mkdir", code: ENOENT) }
                _ = try ensurePrivateDirectory(parent)
                return try ensurePrivateDirectory(path)
            }
            throw Failure(call: "mkdir", code: errno)
        }
        let fd: Int32
        do throws(Failure) {
            fd = try open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        } catch  where error.code == ELOOP || error.code == ENOTDIR {
            // The path was resolved when the store was made: a link here
            // points to nothing, or was made since. Either way it is not followed.
            let isLink = (try? linkStatus(path)).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
            throw Failure(
                call: "open", code: error.code,
                explanation: isLink
                    ? "the store directory \(path) is a symbolic link to no directory (or became one after the app started); it is not followed"
                    : "the store directory \(path) is not a directory")
        }
        defer { close(fd) }
        let info = try status(of: fd)
        guard info.st_uid == geteuid() else {
            throw Failure(
                call: "fstat", code: EPERM,
                explanation: "the store directory \(path) belongs to another user (uid \(info.st_uid)); it is not used")
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        try chmod(fd, 0o700)
        return mode
    }

    /// Whether `info` (from `lstat`) is a directory of this user that no one
    /// else may enter: what `ensurePrivateDirectory` leaves, with nothing
    /// for it to make or tighten.
    public static func isPrivateDirectoryOfThisUser(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid() && info.st_mode & 0o077 == 0
    }

    /// The directory `path` is in, as `NSString.deletingLastPathComponent`
    /// gives it for the absolute and relative paths a store is made with
    /// ("/a/b" → "/a", "/a" → "/", "a" → "", trailing slashes ignored),
    /// without bridging to `NSString`, which costs more than the `stat` a
    /// read makes of it.
    public static func parent(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.last == "/" { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        var parent = path[..<slash]
        while parent.count > 1, parent.last == "/" { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Refuses `path` when its parent is there and belongs to another user
    /// than this one or root: whoever owns it can put another directory in
    /// `path`'s place.
    public static func refuseParentOfAnotherUser(of path: String) throws(Failure) {
        let parent = Self.parent(of: path)
        var info = stat()
        guard !parent.isEmpty, parent != path, stat(parent, &info) == 0, info.st_uid != geteuid(), info.st_uid != 0
        else { return }
        throw Failure(
            call: "stat", code: EPERM,
            explanation: "the store directory \(parent) belongs to another user (uid \(info.st_uid)); it is not used")
    }

    /// Holds an exclusive `flock` on `path` (made 0600 if missing) while `body` runs.
    public static func withExclusiveLock<Result>(
        on path: String, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let fd = try open(path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(call: "flock", code: errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
