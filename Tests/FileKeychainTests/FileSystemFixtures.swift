import Foundation
import Testing

import OperatingSystem

/// What the file store's tests do to a file system behind the store's back.
enum FileSystemFixtures {
    /// A fresh path under the temporary directory (nothing made there yet).
    static func temporaryPath(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-\(label)-\(UUID().uuidString)").path
    }

    /// Makes `path` a directory of `mode` (and its parents).
    static func makeDirectory(_ path: String, mode: Int = 0o700) throws {
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: mode])
        try #require(chmod(path, mode_t(mode)) == 0)
    }

    /// Writes `data` to a new file at `path` with `mode`.
    static func plantFile(_ path: String, _ data: Data, mode: Int = 0o600) throws {
        try? FileManager.default.removeItem(atPath: path)
        try #require(
            FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: mode]))
        try #require(chmod(path, mode_t(mode)) == 0)
    }

    /// The permission bits of `path` (not following a link).
    static func mode(_ path: String) throws -> Int {
        var info = stat()
        try #require(lstat(path, &info) == 0, "\(path) is not there")
        return Int(info.st_mode & 0o777)
    }

    /// How many names `path` has.
    static func linkCount(_ path: String) throws -> Int {
        var info = stat()
        try #require(lstat(path, &info) == 0, "\(path) is not there")
        return Int(info.st_nlink)
    }

    /// The names in `directory`, sorted.
    static func entries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// A user id that is not this process's: nobody's.
    static let otherUser: uid_t = 65_534

    /// Gives `path` to `otherUser` (not following a link). Only root may:
    /// the file store's suites run as root in CI (as the immutable flag needs).
    static func giveToAnotherUser(_ path: String) throws {
        try #require(lchown(path, otherUser, otherUser) == 0, "giving a file away needs root (errno \(errno))")
    }

    /// Sets or clears a directory's immutable flag (`chattr +i`); false when
    /// the file system or the process cannot. The flag forbids unlink and
    /// rename in the directory even for root, while the files in it stay
    /// writable: the case of a store directory made read-only behind the
    /// app's back.
    static func setImmutable(_ path: String, _ on: Bool) -> Bool {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let getFlags: UInt = 0x8008_6601  // FS_IOC_GETFLAGS
        let setFlags: UInt = 0x4008_6602  // FS_IOC_SETFLAGS
        let immutable: Int = 0x10  // FS_IMMUTABLE_FL
        var flags = 0
        guard ioctl(fd, getFlags, &flags) == 0 else { return false }
        flags = on ? flags | immutable : flags & ~immutable
        return ioctl(fd, setFlags, &flags) == 0
    }
}
