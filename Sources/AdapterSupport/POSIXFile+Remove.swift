public import Foundation

import OperatingSystem

extension POSIXFile {
    /// Why the file `info` describes is no file of the store's own — nil when
    /// it is one: a regular file, with one name (no hard link elsewhere
    /// shares it), that belongs to this process's user. Anything else may be
    /// another file under the store's name — a link to the user's
    /// `~/.bashrc`, a file of another user — so the store never reads it,
    /// changes its mode, writes to it or empties it. `info` must come from
    /// `fstat` on the descriptor the store then uses (opened `O_NOFOLLOW`,
    /// `O_NONBLOCK`), so what was checked is what is touched.
    public static func whyNotOwnFile(_ info: stat) -> String? {
        guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard info.st_nlink == 1 else {
            return "it has \(info.st_nlink) names: another file is hard-linked to it, so it may be that other file"
        }
        guard info.st_uid == geteuid() else { return "it belongs to another user (uid \(info.st_uid))" }
        return nil
    }

    /// Unlinks `path`; when the directory refuses that (made read-only
    /// behind the app's back), empties the file in place — only if it is the
    /// store's own (`whyNotOwnFile`): a file that shares its inode with
    /// another name is never emptied, since that would empty the other file
    /// too. Never follows a link, never blocks on a FIFO, never opens with
    /// `O_TRUNC` (the check comes first, on the opened descriptor).
    public static func removeOrEmpty(_ path: String) throws(Failure) {
        do throws(Failure) {
            try unlink(path)
        } catch  where [EACCES, EPERM, EROFS].contains(error.code) {
            let refusal = error
            let fd: Int32
            do throws(Failure) {
                fd = try open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
            } catch  where error.isNotFound {
                throw error
            } catch {
                throw refusal  // Neither removed nor emptied: say why it could not be removed.
            }
            defer { close(fd) }
            if let why = whyNotOwnFile(try status(of: fd)) {
                throw Failure(
                    call: refusal.call, code: refusal.code,
                    explanation: "\(path) could not be removed (\(refusal.reason)) and was not emptied because \(why)")
            }
            try truncate(fd)
            try fsync(fd)
        }
    }

    /// The names a temporary file of `replaceAtomically(named: name, …)` starts with.
    public static func temporaryPrefix(of name: String) -> String { ".\(name).tmp-" }

    /// Removes (or empties, as `removeOrEmpty`) every temporary file a save
    /// of `name` left in `directory` — one killed between writing it and
    /// renaming it, which may hold a whole session. Call with the file's lock
    /// held: no save is running, so every temporary file there is a leftover.
    /// Returns what could not be removed, if anything (nothing on a
    /// directory that is not there).
    public static func removeLeftoverTemporaries(of name: String, in directory: String) -> Failure? {
        let prefix = temporaryPrefix(of: name)
        var failure: Failure?
        for leftover in (try? entries(directory)) ?? [] where leftover.hasPrefix(prefix) {
            do throws(Failure) {
                try removeOrEmpty(directory + "/" + leftover)
            } catch  where error.isNotFound {
            } catch {
                failure = failure ?? error
            }
        }
        return failure
    }

    /// Removes the temporary files a killed save of `name` left, at a
    /// store's opening: only if there are any (a read-only directory with
    /// none is no problem), under the lock `lockPath` (so no save of another
    /// process is running). Returns what to tell the person when one could
    /// not be removed.
    public static func removeLeftoversAtOpening(of name: String, in directory: String, lock lockPath: String) -> String?
    {
        let prefix = temporaryPrefix(of: name)
        guard ((try? entries(directory)) ?? []).contains(where: { $0.hasPrefix(prefix) }) else { return nil }
        let failure: Failure?
        do throws(Failure) {
            failure = try withExclusiveLock(on: lockPath) { () throws(Failure) in
                removeLeftoverTemporaries(of: name, in: directory)
            }
        } catch {
            failure = error
        }
        return failure.map { "a file left by an interrupted save (\(prefix)…) could not be removed: \($0.reason)" }
    }
}
