import AdapterSupport
import Foundation
public import Ports

import OperatingSystem

/// A `PINVault` in the file keychain: the PIN record (salt, iteration count,
/// hash, failed attempts — never the PIN) in a private file beside the
/// session (`session.pin` in the store directory), as JSON with the bytes
/// in base64.
///
/// - Private: the directory is 0700 and the file 0600; a looser file is
///   tightened before it is read, a looser directory before a write, and
///   each repair is a `StorageNotice` (`takeNotices`) the app shows once.
/// - Its own file only: a PIN file another name is hard-linked to, or one of
///   another user, is refused like a FIFO — unavailable, never read, never
///   `fchmod`ed (checked with `fstat` on the opened descriptor first).
/// - A write killed before its rename leaves `.session.pin.tmp-…`; the
///   vault's first operation, the next write and `remove` remove it.
/// - Never torn: every write replaces the file whole (a new file, fsynced,
///   renamed over the old one, the directory fsynced), so a crash leaves the
///   old record or the new one.
/// - One writer at a time, across processes: `set`, `verify` and `remove`
///   hold an exclusive `flock` on `session.pin.lock`, so two wrong entries at
///   once count two. A wrong entry's count is on disk before `verify` answers.
/// - Fails closed: a file that is no PIN record, a link, or anything but a
///   regular file is `unavailable`, never "no PIN set" — a damaged file must
///   not unlock the app.
public struct FilePINVault: PINVault, StorageNoticeSource {
    /// The largest PIN file read; a record is about 150 bytes.
    public static let maximumFileSize = 4096
    /// How many notices the vault keeps until they are taken: the oldest;
    /// later ones are dropped (`StorageNoticeSource`).
    public static var maximumPendingNotices: Int { NoticeBoard.maximumPending }

    /// The store directory, its symbolic links resolved when the vault was made.
    public let directory: String
    public let fileName: String
    private let hasher: any SecretHasher
    private let iterations: Int
    private let notices = NoticeBoard()
    private let opening = OpenOnce()
    private let work = PINWorkQueue()

    /// - Parameters:
    ///   - directory: the store directory (made 0700 by the first `set` if missing).
    ///   - sessionFileName: the session file's name there; the PIN file is named after it.
    ///   - hasher: makes salts and hashes.
    ///   - iterations: PBKDF2 rounds for a new record; tests may ask for fewer.
    public init(
        directory: String, sessionFileName: String = "session", hasher: any SecretHasher,
        iterations: Int = PINRecord.defaultIterations
    ) {
        self.directory = StoreDirectory.resolved(directory)
        self.fileName = sessionFileName + ".pin"
        self.hasher = hasher
        self.iterations = iterations
    }

    public var pinPath: String { directory + "/" + fileName }
    public var lockPath: String { pinPath + ".lock" }

    /// What the vault repaired since the last call, for the person to be told once.
    public func takeNotices() -> [StorageNotice] { notices.take() }

    public func isSet() async throws(PINVaultError) -> Bool {
        try await work.run { () throws(PINVaultError) -> Bool in
            openIfNeeded()
            return try readRecord() != nil
        }
    }

    public func set(_ pin: PIN) async throws(PINVaultError) {
        if let weakness = pin.weakness { throw .weakPIN(weakness) }
        try await work.run { () throws(PINVaultError) -> Void in
            let record: PINRecord
            do throws(SecretHasherError) {
                record = try PINRecord.make(for: pin, iterations: iterations, hasher: hasher)
            } catch {
                throw .hashing(error)
            }
            openIfNeeded()
            try withLock { () throws(PINVaultError) in try write(record) }
        }
    }

    public func verify(_ pin: PIN) async throws(PINVaultError) -> PINVerification {
        try await work.run { () throws(PINVaultError) -> PINVerification in
            openIfNeeded()
            return try withLock { () throws(PINVaultError) -> PINVerification in
                guard let record = try readRecord() else { return .noPINSet }
                let (verification, updated) = PINVerification.check(pin, against: record, hasher: hasher)
                if updated != record { try write(updated) }
                return verification
            }
        }
    }

    public func remove() async throws(PINVaultError) {
        try await work.run { () throws(PINVaultError) -> Void in try removeRecord() }
    }

    private func removeRecord() throws(PINVaultError) {
        do throws(POSIXFile.Failure) {
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                do throws(POSIXFile.Failure) {
                    try POSIXFile.unlink(pinPath)
                    try POSIXFile.fsyncDirectory(directory)
                } catch  where error.isNotFound {}
                if let failure = POSIXFile.removeLeftoverTemporaries(of: fileName, in: directory) { throw failure }
            }
        } catch  where error.isNotFound {
            // No directory: no PIN.
        } catch {
            throw Self.vaultError(error)
        }
    }

    // MARK: - The file

    /// The stored JSON: the record with its bytes in base64, and a format number.
    private struct StoredRecord: Codable {
        var format: Int
        var salt: String
        var iterations: Int
        var hash: String
        var failedAttempts: Int
    }

    private static let format = 1

    private func readRecord() throws(PINVaultError) -> PINRecord? {
        guard let data = try readBytes() else { return nil }
        guard data.count <= Self.maximumFileSize,
            let stored = try? JSONDecoder().decode(StoredRecord.self, from: data), stored.format == Self.format,
            let salt = Data(base64Encoded: stored.salt), let hash = Data(base64Encoded: stored.hash),
            stored.iterations >= 1, stored.failedAttempts >= 0
        else {
            throw .unavailable("the PIN file is not a PIN record this app can read")
        }
        return PINRecord(
            salt: Array(salt), iterations: stored.iterations, hash: Array(hash), failedAttempts: stored.failedAttempts)
    }

    /// The PIN file's bytes; nil when there is none.
    private func readBytes() throws(PINVaultError) -> Data? {
        let fd: Int32
        do throws(POSIXFile.Failure) {
            fd = try POSIXFile.open(pinPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        } catch  where error.isNotFound {
            return nil
        } catch  where error.code == ELOOP {
            throw .unavailable("the PIN file is a symbolic link; it is not followed")
        } catch {
            throw Self.vaultError(error)
        }
        defer { close(fd) }
        let info: stat
        do throws(POSIXFile.Failure) {
            info = try POSIXFile.status(of: fd)
        } catch {
            throw Self.vaultError(error)
        }
        if let why = POSIXFile.whyNotOwnFile(info) { throw .unavailable("the PIN file is not read: \(why)") }
        do throws(POSIXFile.Failure) {
            let mode = info.st_mode & 0o777
            if mode & 0o077 != 0 {
                try POSIXFile.chmod(fd, 0o600)
                notices.post(
                    .tightened,
                    "the PIN file \(pinPath) was open to others (mode \(String(mode, radix: 8))); it is now 0600")
            }
            return try POSIXFile.readAll(fd, limit: Self.maximumFileSize)
        } catch {
            throw Self.vaultError(error)
        }
    }

    private func write(_ record: PINRecord) throws(PINVaultError) {
        let stored = StoredRecord(
            format: Self.format, salt: Data(record.salt).base64EncodedString(), iterations: record.iterations,
            hash: Data(record.hash).base64EncodedString(), failedAttempts: record.failedAttempts)
        let data: Data
        do {
            data = try JSONEncoder().encode(stored)
        } catch {
            throw .unavailable("the PIN record could not be encoded")
        }
        do throws(POSIXFile.Failure) {
            try POSIXFile.replaceAtomically(named: fileName, in: directory, with: data)
        } catch {
            throw Self.vaultError(error)
        }
    }

    /// Runs `body` holding the PIN file's lock, the directory made private first.
    private func withLock<Result>(_ body: () throws(PINVaultError) -> Result) throws(PINVaultError) -> Result {
        var outcome: Result?
        var bodyError: PINVaultError?
        do throws(POSIXFile.Failure) {
            if let mode = try POSIXFile.ensurePrivateDirectory(directory) {
                notices.post(
                    .tightened,
                    "the store directory \(directory) was open to others (mode \(String(mode, radix: 8))); it is now 0700"
                )
            }
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                do throws(PINVaultError) {
                    outcome = try body()
                } catch {
                    bodyError = error
                }
            }
        } catch {
            throw Self.vaultError(error)
        }
        if let bodyError { throw bodyError }
        guard let outcome else { throw .unavailable("the PIN file could not be locked") }
        return outcome
    }

    /// Removes what a write killed before its rename left, once, at the
    /// vault's first operation (under the lock: no write is running then).
    /// What cannot be removed is said, and tried again by the next write and
    /// by `remove`.
    private func openIfNeeded() {
        opening.once {
            if let problem = POSIXFile.removeLeftoversAtOpening(of: fileName, in: directory, lock: lockPath) {
                notices.post(.refused, problem)
            }
        }
    }

    private static func vaultError(_ failure: POSIXFile.Failure) -> PINVaultError {
        switch failure.code {
        case EACCES, EPERM: return .permissions(failure.reason)
        default: return .unavailable(failure.reason)
        }
    }
}
