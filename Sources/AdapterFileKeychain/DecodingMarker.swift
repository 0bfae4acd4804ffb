import AdapterSupport
import Foundation

import OperatingSystem

/// The mark a reader leaves while it decodes the session file, so that a
/// decoder that kills the process (a crash, or a hang ended by a kill) kills
/// it once, not on every launch (see `FileSessionDataStore`).
///
/// The marker holds the identity of the file being decoded and stays locked
/// (`flock`) by its reader until it is removed. A lock dies with its process,
/// so a marker that can be locked, and is still linked, was abandoned by a
/// reader that never returned from decode.
struct DecodingMarker {
    private let path: String
    private let descriptor: Int32

    /// Writes and locks a marker naming `identity` — no fsync: it guards
    /// against the process dying in decode, and what a process wrote
    /// outlives the process without one; nil if it cannot
    /// (a full disk, a read-only directory): the decode then goes ahead
    /// unmarked, since losing the session to a full disk would be worse than
    /// the rare crash loop the marker guards against.
    init?(directory: String, prefix: String, identity: FileSessionDataStore.FileIdentity) {
        // The marker is made under a pending name and renamed once locked, so
        // a marker seen under its final name is always locked by a live
        // reader or left by a dead one. A sweeper that takes a pending one
        // before it is locked removes it; the rename then fails, and we retry.
        for _ in 0..<3 {
            let final = directory + "/" + prefix + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
            let pending = final + ".new"
            guard let descriptor = try? POSIXFile.open(pending, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
            else { return nil }
            do throws(POSIXFile.Failure) {
                try POSIXFile.exclusiveLock(descriptor)
                try POSIXFile.writeAll(descriptor, Data(identity.text.utf8))
                try POSIXFile.rename(pending, final)
                path = final
                self.descriptor = descriptor
                return
            } catch {
                close(descriptor)
                try? POSIXFile.unlink(pending)
            }
        }
        return nil
    }

    /// Unlinks the marker, then lets go of its lock (in that order: a
    /// sweeper that gets the lock afterwards finds it unlinked, not abandoned).
    func remove() {
        try? POSIXFile.unlink(path)
        close(descriptor)
    }

    /// Whether an abandoned marker among `names` in `directory` names
    /// `identity`. Every abandoned marker found is removed, whatever file it
    /// names; markers held by a running decode are left alone.
    static func sweepAbandoned(
        in directory: String, names: [String], prefix: String, naming identity: FileSessionDataStore.FileIdentity
    ) -> Bool {
        var named = false
        for name in names where name.hasPrefix(prefix) {
            let path = directory + "/" + name
            guard let descriptor = try? POSIXFile.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK) else { continue }
            defer { close(descriptor) }
            guard (try? POSIXFile.tryExclusiveLock(descriptor)) == true,
                let info = try? POSIXFile.status(of: descriptor), info.st_nlink > 0
            else { continue }  // Held by a running decode, or removed by its reader just now.
            let recorded = (try? POSIXFile.readAll(descriptor, limit: 256)).map { String(decoding: $0, as: UTF8.self) }
            if recorded == identity.text { named = true }
            try? POSIXFile.unlink(path)
        }
        return named
    }
}
