import AdapterSupport
public import Ports

import OperatingSystem

/// A `SignOutLedger` as an empty marker file beside the file keychain's
/// session (`session.sign-out-pending` in the store directory), made and
/// removed with plain POSIX calls — not through `FileSessionDataStore`, so
/// its lock file and checks are not in the way when the store is what failed.
///
/// - The mark is durable: the file is created 0600 (never through a link),
///   fsynced, and the directory fsynced, before `markPending` returns.
/// - Anything at the marker path counts as a mark (a file, a link, a
///   directory); only "no such file" counts as none, and any other failure to
///   look (a directory it may not search) answers pending, as the port says.
/// - It shares the directory with the session, so a directory nobody may
///   write refuses the mark as it refused the delete: then the next launch
///   cannot know, and only a backend that ended the token (sign-out) keeps
///   the session file harmless. The logout still says on screen that the
///   session could not be removed.
/// - Its marker is only ever made, looked at and unlinked: it is opened
///   without `O_TRUNC`, never written to, read or `fchmod`ed, so a file
///   planted at its path (a hard link to another file) is never changed —
///   it counts as a mark, and `clear` removes only that name.
/// - The directory is resolved once, as the session store's
///   (`StoreDirectory`); a looser one is made 0700 by `markPending`, said as
///   a `StorageNotice` (`takeNotices`).
public struct FileSignOutLedger: SignOutLedger, StorageNoticeSource {
    /// How many notices the ledger keeps until they are taken: the oldest;
    /// later ones are dropped (`StorageNoticeSource`).
    public static var maximumPendingNotices: Int { NoticeBoard.maximumPending }

    /// The store directory, its symbolic links resolved when the ledger was made.
    public let directory: String
    public let markerPath: String
    private let notices = NoticeBoard()

    /// - Parameters:
    ///   - directory: the store directory (made 0700 by the first mark if missing).
    ///   - sessionFileName: the session file's name there; the marker is named after it.
    public init(directory: String, sessionFileName: String = "session") {
        self.directory = StoreDirectory.resolved(directory)
        markerPath = self.directory + "/" + sessionFileName + ".sign-out-pending"
    }

    /// What the ledger repaired since the last call, for the person to be told once.
    public func takeNotices() -> [StorageNotice] { notices.take() }

    public func isPending() async -> Bool {
        do throws(POSIXFile.Failure) {
            _ = try POSIXFile.linkStatus(markerPath)
            return true
        } catch {
            return !error.isNotFound
        }
    }

    public func markPending() async throws(SessionStoreError) {
        do throws(POSIXFile.Failure) {
            if let mode = try POSIXFile.ensurePrivateDirectory(directory) {
                notices.post(
                    .tightened,
                    "the store directory \(directory) was open to others (mode \(String(mode, radix: 8))); it is now 0700"
                )
            }
            let descriptor = try POSIXFile.open(markerPath, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
            defer { close(descriptor) }
            try POSIXFile.fsync(descriptor)
            try POSIXFile.fsyncDirectory(directory)
        } catch {
            throw .unavailable("the sign-out mark could not be written (\(error.reason))")
        }
    }

    public func clear() async throws(SessionStoreError) {
        do throws(POSIXFile.Failure) {
            try POSIXFile.unlink(markerPath)
            try? POSIXFile.fsyncDirectory(directory)
        } catch  where error.isNotFound {
            // No mark: nothing waits.
        } catch {
            throw .unavailable("the sign-out mark could not be removed (\(error.reason))")
        }
    }
}
