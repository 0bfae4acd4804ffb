#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
public import Ports
import Synchronization

/// The session in a file that keeps a keychain's promises (the stand-in for
/// Koober's `KeychainUserSessionDataStore` on a machine with no Keychain).
///
/// - Private: the directory is 0700 and the file 0600; looser permissions
///   are tightened and reported (`problems`).
/// - Never torn: a save writes a new file created exclusively (O_EXCL,
///   O_NOFOLLOW) beside the old one, fsyncs it, renames it over the old one
///   and fsyncs the directory. A reader sees the old session or the new one,
///   whole; a crash at any moment leaves one of them.
/// - One writer at a time, across processes: every save, delete and repair
///   holds an exclusive `flock` on a sidecar lock file and re-reads what it
///   needs after taking it. Reads need no lock: rename is atomic.
/// - Three answers to a read: found, absent (no file), unavailable (any I/O or
///   permission failure). Unavailable is never "signed out" and never deletes.
/// - A file that does not decode — garbage, a zero-length file after a full
///   disk, a newer format — is moved aside as `session.corrupt-N`, reported,
///   and read as absent, so one bad file cannot break every launch.
/// - The token is written nowhere but the session file.
public final class FileSessionDataStore: SessionDataStore {
    public let directory: String
    public let coding: any SessionCoding
    private let fileName: String
    private let reported = Mutex<[String]>([])

    /// - Parameters:
    ///   - directory: where the session lives; made (0700) on the first save.
    ///   - fileName: the session file's name in it.
    public init(directory: String, coding: any SessionCoding, fileName: String = "session") {
        self.directory = directory
        self.coding = coding
        self.fileName = fileName
    }

    public var sessionPath: String { directory + "/" + fileName }
    public var lockPath: String { sessionPath + ".lock" }

    /// What the store had to repair or set aside, oldest first. Never holds a secret.
    public var problems: [String] { reported.withLock { $0 } }

    // MARK: - SessionDataStore

    public func read() async -> SessionRead {
        switch readBytes() {
        case .absent: return .absent
        case .unavailable(let reason): return .unavailable(.unavailable(reason))
        case .bytes(let data):
            do {
                return .found(try coding.decode(data))
            } catch {
                return setAside(undecodable: data, because: error)
            }
        }
    }

    public func save(_ session: UserSession) async throws(SessionStoreError) {
        let data: Data
        do {
            data = try coding.encode(session)
        } catch {
            throw .coding(error)
        }
        do throws(POSIXFile.Failure) {
            try prepareDirectory()
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                try replaceFile(with: data)
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    public func delete() async throws(SessionStoreError) {
        do throws(POSIXFile.Failure) {
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                do throws(POSIXFile.Failure) {
                    try POSIXFile.unlink(sessionPath)
                } catch where error.isNotFound {
                    return
                }
                try POSIXFile.fsyncDirectory(directory)
            }
        } catch where error.isNotFound {
            // No directory: nothing stored, nothing to delete.
        } catch {
            throw Self.storeError(error)
        }
    }

    // MARK: - Reading

    private enum RawRead {
        case absent
        case bytes(Data)
        case unavailable(String)
    }

    private func readBytes() -> RawRead {
        let fd: Int32
        do throws(POSIXFile.Failure) {
            fd = try POSIXFile.open(sessionPath, O_RDONLY | O_NOFOLLOW)
        } catch where error.isNotFound {
            return .absent
        } catch where error.code == ELOOP {
            return .unavailable("the session file is a symbolic link; it is not followed")
        } catch {
            return .unavailable(error.reason)
        }
        defer { close(fd) }
        do throws(POSIXFile.Failure) {
            let (mode, isRegular) = try POSIXFile.mode(of: fd)
            guard isRegular else { return .unavailable("the session path is not a regular file") }
            if mode & 0o077 != 0 {
                try POSIXFile.chmod(fd, 0o600)
                report("the session file was readable by others (mode \(String(mode, radix: 8))); it is now 0600")
            }
            return .bytes(try POSIXFile.readAll(fd))
        } catch {
            return .unavailable(error.reason)
        }
    }

    /// Moves an undecodable file aside — if it is still the same file once the
    /// lock is held — and reads as absent.
    private func setAside(undecodable data: Data, because error: SessionCodingError) -> SessionRead {
        do throws(POSIXFile.Failure) {
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                guard case .bytes(let current) = readBytes(), current == data else { return }
                let target = nextCorruptPath()
                try POSIXFile.rename(sessionPath, target)
                try POSIXFile.fsyncDirectory(directory)
                report(
                    "the session file could not be read as a session (\(data.isEmpty ? "it was empty" : "\(error)")); it was moved to \((target as NSString).lastPathComponent)"
                )
            }
        } catch {
            return .unavailable(.unavailable("an unreadable session file could not be set aside: \(error.reason)"))
        }
        return .absent
    }

    private func nextCorruptPath() -> String {
        var number = 1
        while access(sessionPath + ".corrupt-\(number)", F_OK) == 0 { number += 1 }
        return sessionPath + ".corrupt-\(number)"
    }

    // MARK: - Writing

    private func prepareDirectory() throws(POSIXFile.Failure) {
        if try POSIXFile.ensurePrivateDirectory(directory) {
            report("the session directory was open to others; it is now 0700")
        }
    }

    /// Writes a new file beside the old one and renames it over it. Runs with
    /// the lock held, so any temporary file already there was left by a writer
    /// that died mid-save: it is removed first.
    private func replaceFile(with data: Data) throws(POSIXFile.Failure) {
        let prefix = ".\(fileName).tmp-"
        for leftover in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where leftover.hasPrefix(prefix) {
            try? POSIXFile.unlink(directory + "/" + leftover)
        }
        let temporary = directory + "/.\(fileName).tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let fd = try POSIXFile.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
        do throws(POSIXFile.Failure) {
            try POSIXFile.writeAll(fd, data)
            try POSIXFile.fsync(fd)
            close(fd)
        } catch {
            close(fd)
            try? POSIXFile.unlink(temporary)
            throw error
        }
        do throws(POSIXFile.Failure) {
            try POSIXFile.rename(temporary, sessionPath)
        } catch {
            try? POSIXFile.unlink(temporary)
            throw error
        }
        try POSIXFile.fsyncDirectory(directory)
    }

    private func report(_ problem: String) {
        reported.withLock { $0.append(problem) }
    }

    private static func storeError(_ failure: POSIXFile.Failure) -> SessionStoreError {
        switch failure.code {
        case EACCES, EPERM: return .permissions(failure.reason)
        default: return .unavailable(failure.reason)
        }
    }
}
