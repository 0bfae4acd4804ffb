public import Foundation

import OperatingSystem

extension POSIXFile {
    /// Replaces the file `name` in `directory` with `data` so that a reader
    /// or a crash sees the old content or the new, whole: a new 0600 file
    /// made exclusively (O_EXCL, O_NOFOLLOW) beside it, fsynced, renamed over
    /// it, the directory fsynced. Call with the file's lock held: a temporary
    /// file already there was left by a writer that died, and is removed.
    /// (How `FileSessionDataStore` saves the session and `FilePINVault` the PIN record.)
    public static func replaceAtomically(named name: String, in directory: String, with data: Data) throws(Failure) {
        // What cannot be removed now is tried again by the next save and at logout, which says so.
        _ = removeLeftoverTemporaries(of: name, in: directory)
        let temporary =
            directory + "/" + temporaryPrefix(of: name) + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let fd = try open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
        do throws(Failure) {
            try writeAll(fd, data)
            try fsync(fd)
            close(fd)
        } catch {
            close(fd)
            try? unlink(temporary)
            throw error
        }
        do throws(Failure) {
            try rename(temporary, directory + "/" + name)
        } catch {
            try? unlink(temporary)
            throw error
        }
        try fsyncDirectory(directory)
    }
}
