import Foundation
import Testing

import OperatingSystem

/// Everything under a directory that a write, a `chmod`, a new link, a new,
/// renamed or removed file would change: each entry's path, type and mode,
/// inode, link count, owner, size, modification and change times, and a
/// regular file's bytes. Symbolic links are not followed. Access times are
/// left out: taking the snapshot reads.
struct StorageSnapshot: CustomStringConvertible {
    struct Entry: Equatable, CustomStringConvertible {
        var path: String
        var typeAndMode: UInt32
        var inode: UInt64
        var links: UInt64
        var owner: UInt32
        var size: Int64
        var modified: [Int]
        var changed: [Int]
        var bytes: Data?

        var description: String {
            "\(path) mode \(String(typeAndMode, radix: 8)) inode \(inode) links \(links) owner \(owner) size \(size)"
                + " modified \(modified) changed \(changed)"
        }
    }

    /// Sorted by path.
    let entries: [Entry]

    var description: String { entries.map(\.description).joined(separator: "\n") }

    /// `root` and everything under it.
    static func of(_ root: String) throws -> StorageSnapshot {
        var entries: [Entry] = []
        try walk(root) { path, info in
            let isFile = info.st_mode & S_IFMT == S_IFREG
            let modifiedAt = Platform.modificationTime(of: info)
            let changedAt = Platform.statusChangeTime(of: info)
            entries.append(
                Entry(
                    path: path, typeAndMode: UInt32(info.st_mode), inode: UInt64(info.st_ino),
                    links: UInt64(info.st_nlink), owner: UInt32(info.st_uid), size: Int64(info.st_size),
                    modified: [Int(modifiedAt.tv_sec), Int(modifiedAt.tv_nsec)],
                    changed: [Int(changedAt.tv_sec), Int(changedAt.tv_nsec)],
                    bytes: isFile ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil))
        }
        return StorageSnapshot(entries: entries.sorted { $0.path < $1.path })
    }

    /// Sets the access and modification times of `root` and everything under
    /// it to the first second of 2001, so that a write afterwards, however
    /// soon, shows as a new modification time (the kernel's clock is coarser
    /// than a quick write).
    static func age(_ root: String) throws {
        var paths: [String] = []
        try walk(root) { path, _ in paths.append(path) }
        let times = [timespec(tv_sec: 978_307_200, tv_nsec: 0), timespec(tv_sec: 978_307_200, tv_nsec: 0)]
        // Deepest first, though setting an entry's times changes nothing of its directory's.
        for path in paths.reversed() {
            try #require(utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) == 0, "\(path): errno \(errno)")
        }
    }

    /// What differs between two snapshots, two lines per entry (before,
    /// after); empty when nothing does.
    func changes(to other: StorageSnapshot) -> String {
        let mine = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0) })
        let theirs = Dictionary(uniqueKeysWithValues: other.entries.map { ($0.path, $0) })
        let paths = Set(mine.keys).union(theirs.keys).sorted()
        return paths.compactMap { path in
            guard mine[path] != theirs[path] else { return nil }
            let before = mine[path]?.description ?? "(none)"
            let after = theirs[path]?.description ?? "(none)"
            return "before: \(before)\nafter:  \(after)"
        }.joined(separator: "\n")
    }

    /// Removes `root` and everything under it, if it is there.
    static func remove(_ root: String) { try? FileManager.default.removeItem(atPath: root) }

    /// Calls `visit` with `path` and each entry under it (a directory before
    /// what it holds), never following a symbolic link.
    private static func walk(_ path: String, _ visit: (String, stat) throws -> Void) throws {
        var info = stat()
        try #require(lstat(path, &info) == 0, "\(path): errno \(errno)")
        try visit(path, info)
        guard info.st_mode & S_IFMT == S_IFDIR else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: path).sorted() {
            try walk(path + "/" + name, visit)
        }
    }
}
