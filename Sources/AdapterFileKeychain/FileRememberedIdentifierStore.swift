import AdapterSupport
import Foundation
public import Ports

import OperatingSystem

/// A `RememberedIdentifierStore` in the file keychain: the identifier, as
/// UTF-8 and nothing else, in a private file beside the session
/// (`session.identifier` in the store directory).
///
/// - Private: the directory is made 0700 and the file 0600 (written through
///   `POSIXFile.replaceAtomically`: a new file, fsynced, renamed over the
///   old one, so a crash leaves the old identifier or the new one).
/// - Its own file only: a link, a FIFO, a file of another user or one
///   another name is hard-linked to is never read (answered as nothing
///   remembered); nor is a file larger than `maximumFileSize`, nor content
///   that is no identifier `Preferences.isUsableIdentifier` accepts.
/// - One writer at a time, across processes: `remember` and `forget` hold
///   an exclusive `flock` on `session.identifier.lock`.
public struct FileRememberedIdentifierStore: RememberedIdentifierStore {
    /// The largest file read: an identifier is at most 254 characters.
    public static let maximumFileSize = 4096

    /// The store directory, its symbolic links resolved when the store was made.
    public let directory: String
    public let fileName: String

    /// - Parameters:
    ///   - directory: the store directory (made 0700 by the first `remember` if missing).
    ///   - sessionFileName: the session file's name there; this file is named after it.
    public init(directory: String, sessionFileName: String = "session") {
        self.directory = StoreDirectory.resolved(directory)
        fileName = sessionFileName + ".identifier"
    }

    public var path: String { directory + "/" + fileName }
    public var lockPath: String { path + ".lock" }

    public func read() async -> String? {
        guard let data = readBytes(), let identifier = String(data: data, encoding: .utf8),
            Preferences.isUsableIdentifier(identifier)
        else { return nil }
        return identifier
    }

    public func remember(_ identifier: String) async throws(SessionStoreError) {
        guard Preferences.isUsableIdentifier(identifier) else {
            throw .unavailable("not an identifier that can be remembered")
        }
        do throws(POSIXFile.Failure) {
            _ = try POSIXFile.ensurePrivateDirectory(directory)
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                try POSIXFile.replaceAtomically(named: fileName, in: directory, with: Data(identifier.utf8))
            }
        } catch {
            throw Self.storeError(error, "the remembered identifier could not be written")
        }
    }

    public func forget() async throws(SessionStoreError) {
        do throws(POSIXFile.Failure) {
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                do throws(POSIXFile.Failure) {
                    try POSIXFile.unlink(path)
                    try POSIXFile.fsyncDirectory(directory)
                } catch  where error.isNotFound {}
                if let failure = POSIXFile.removeLeftoverTemporaries(of: fileName, in: directory) { throw failure }
            }
        } catch  where error.isNotFound {
            // No directory: nothing remembered.
        } catch {
            throw Self.storeError(error, "the remembered identifier could not be removed")
        }
    }

    /// The file's bytes; nil when there is none or it is not this store's own
    /// regular file of at most `maximumFileSize` bytes.
    private func readBytes() -> Data? {
        guard let fd = try? POSIXFile.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY) else { return nil }
        defer { close(fd) }
        guard let info = try? POSIXFile.status(of: fd), POSIXFile.whyNotOwnFile(info) == nil,
            Int(info.st_size) <= Self.maximumFileSize
        else { return nil }
        return try? POSIXFile.readAll(fd, limit: Self.maximumFileSize)
    }

    private static func storeError(_ failure: POSIXFile.Failure, _ what: String) -> SessionStoreError {
        switch failure.code {
        case EACCES, EPERM: .permissions("\(what) (\(failure.reason))")
        default: .unavailable("\(what) (\(failure.reason))")
        }
    }
}
