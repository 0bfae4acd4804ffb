import AdapterSupport
import Foundation
public import Ports
import Synchronization

import OperatingSystem

/// The session in a file that keeps a keychain's promises (the stand-in for
/// Koober's `KeychainUserSessionDataStore` on a machine with no Keychain).
///
/// - Private: the directory is 0700 and the file 0600. Looser permissions
///   are tightened — the directory's when the store opens (its first read,
///   save or delete) and at every save, the file's when it is read — and each
///   repair is a `StorageNotice` (`takeNotices`) the app shows the person once.
/// - Its own files only: the session file must be a regular file with one
///   name, owned by this user (`POSIXFile.whyNotOwnFile`), checked with
///   `fstat` on the descriptor opened `O_NOFOLLOW | O_NONBLOCK` before
///   anything is done to it. A file another name is hard-linked to (it may be
///   the user's `~/.bashrc`) or one of another user is set aside unread, as a
///   FIFO is — never read, never `fchmod`ed, never emptied.
/// - The directory is resolved once, when the store is made
///   (`StoreDirectory`): a symbolic link to the user's own directory works
///   (dotfile managers make them); one to another user's directory, or to
///   nothing, is refused saying why — reads answer unavailable, writes throw
///   `.permissions` with the reason, and a notice says it.
/// - Never torn: a save writes a new file created exclusively (O_EXCL,
///   O_NOFOLLOW) beside the old one, fsyncs it, renames it over the old one
///   and fsyncs the directory. A reader sees the old session or the new one,
///   whole; a crash at any moment leaves one of them.
/// - One writer at a time, across processes: every save, delete and repair
///   holds an exclusive `flock` on a sidecar lock file and re-checks what it
///   needs after taking it. Reads need no lock: rename is atomic.
/// - Transactions (`exclusively`) hold that lock across a read, a decision
///   and a write — a token refresh with its network call in the middle — so
///   no other process writes between. The lock is taken without blocking a
///   thread of Swift's pool: tasks of this process line up first
///   (`ExclusiveTurns`), then the `flock` is tried and, while another
///   process holds it, waited for in a blocking `flock` on a thread of its
///   own (`LockFileWait`), until `limit`; while an earlier wait that gave up
///   is still blocked there, tried again after a pause that grows from 0.25
///   to 1 ms instead. A process killed holding it releases it (the kernel
///   drops a dead process's `flock`s).
/// - Three answers to a read: found, absent (no file), unavailable (any I/O or
///   permission failure, or a directory at the session path). Unavailable is
///   never "signed out" and never deletes.
/// - Nothing at the session path can take the app down, so one bad file
///   cannot break every launch. Each of these is moved aside as
///   `session.corrupt-N`, reported, and read as absent:
///   - a file that does not decode (garbage, a zero-length file after a full
///     disk, a newer format);
///   - a file larger than `maximumFileSize`, unread;
///   - a FIFO, socket or device, unopened for reading (opening is
///     non-blocking, so a FIFO with no writer cannot hang the read);
///   - a file with another name hard-linked to it, or of another user, unread
///     and untouched (only its name in the store directory moves);
///   - a file whose decoding killed the process last time. Before decoding,
///     a reader leaves a marker (`session.decoding-…`, holding the file's
///     identity: device, inode, size, times) that it holds an `flock` on and
///     removes once decode returns. A marker nobody holds a lock on was left
///     by a process that died inside decode — whatever the decoder, ours or
///     the platform's; if it names the file now at the session path, that
///     file is set aside without being decoded again. So a file can crash at
///     most one launch. The price: an app killed from outside in the
///     microseconds of a decode loses its session once. The marker is not
///     fsynced: it guards against the process crashing, and a crash of the
///     process loses nothing the kernel was told (only a crash of the
///     machine would, and then no decode crashed). Bytes this process
///     decoded already are not decoded again (`lastDecoded`): a read of an
///     unchanged session — a call's, the ended-elsewhere watch's every
///     second — reads the file and compares, and writes nothing.
/// - A read of a good session writes nothing and takes no lock: once a
///   decode under a marker has returned, the reader records the file's
///   identity and the coding (`session.decoded`, `DecodedSafelyRecord`), and
///   a reader — of any process, any later launch — that finds the file at
///   the session path named there with its own coding decodes it with no
///   marker and no sweep. So only bytes no process has decoded before (a
///   session just saved, a file planted from outside, a new coding) pay for
///   the marker, once. The record is not fsynced either: losing it costs
///   one marked decode. Logout removes it.
/// - Set-aside files may hold an old token. Only the newest
///   `keptSetAsideFiles` are kept (older ones are removed as a new one is
///   set aside), and `delete` — logout — removes them all.
/// - A save killed between writing its temporary file and renaming it leaves
///   `.session.tmp-…`, a whole session, in the private directory. The next
///   save removes it (a sign-in, a refresh — of any process), and so does
///   `delete`; a read does not, as a read takes no lock and writes nothing.
/// - The token is written nowhere but the session file (and, until logout,
///   the set-aside copies of files that held it, and until the next save or
///   logout a temporary file of a save that was killed).
public final class FileSessionDataStore: SessionDataStore, StorageNoticeSource {
    /// The largest session file read. A session is a few hundred bytes; a
    /// bigger file is set aside unread rather than loaded into memory.
    public static let maximumFileSize = 64 * 1024
    /// How many set-aside files are kept at once (the newest).
    public static let keptSetAsideFiles = 3
    /// How many notices the store keeps until they are taken: the oldest;
    /// later ones are dropped (`StorageNoticeSource`).
    public static var maximumPendingNotices: Int { NoticeBoard.maximumPending }

    /// Where the session lives: the directory the store was made with, its
    /// symbolic links resolved then.
    public let directory: String
    public let coding: any SessionCoding
    private let fileName: String
    private let notices = NoticeBoard()
    /// Whether the store has opened: its directory checked and tightened
    /// (once, at the first operation).
    private let isOpen = Mutex(false)
    /// The tasks of this process, one holder of the lock at a time.
    private let turns = ExclusiveTurns()
    /// The bytes this process last decoded into a session, and that
    /// session: the same bytes read again decode the same (decoding is a
    /// function of its bytes), with no marker and no decoder run.
    private let lastDecoded = Mutex<(bytes: Data, session: UserSession)?>(nil)
    /// How long a save, a delete or a repair waits for the lock.
    public static let writeWait: Duration = .seconds(30)
    /// Waits for another process's `flock` whose thread is still blocked in
    /// it: one given up on at most, while the holder never lets go.
    private let blockedLockWaits = Mutex(0)

    /// - Parameters:
    ///   - directory: where the session lives; made (0700) on the first save.
    ///     A symbolic link is resolved now, once (`StoreDirectory`).
    ///   - fileName: the session file's name in it.
    public init(directory: String, coding: any SessionCoding, fileName: String = "session") {
        self.directory = StoreDirectory.resolved(directory)
        self.coding = coding
        self.fileName = fileName
    }

    public var sessionPath: String { directory + "/" + fileName }
    public var lockPath: String { sessionPath + ".lock" }
    private var setAsidePrefix: String { fileName + ".corrupt-" }
    private var markerPrefix: String { fileName + ".decoding-" }
    /// The file and the coding a process last decoded the session file
    /// with, and lived (`DecodedSafelyRecord`).
    private var decodedSafely: DecodedSafelyRecord {
        DecodedSafelyRecord(path: sessionPath + ".decoded", coding: coding)
    }

    /// What the store had to repair, set aside or refuse, oldest first —
    /// every problem, whether or not its notice was taken. Never holds a secret.
    public var problems: [String] { notices.problems }

    /// What the store repaired, set aside or refused since the last call, for
    /// the person to be told once.
    public func takeNotices() -> [StorageNotice] { notices.take() }

    /// Returns once at least `count` writers of this process wait for the
    /// store (or the calling task is cancelled): how a test knows a
    /// contender has lined up without watching a clock.
    public func untilWritersWait(atLeast count: Int) async { await turns.untilWaiting(atLeast: count) }

    // MARK: - SessionDataStore

    public func read() async -> SessionRead {
        await read(lockHeld: false)
    }

    private func read(lockHeld: Bool) async -> SessionRead {
        if let refusal = openIfNeeded() { return .unavailable(refuse(refusal)) }
        // Once more if the file changed between reading and setting it aside:
        // a session saved meanwhile is read, not reported as damaged.
        if let read = await readOnce(lockHeld: lockHeld) { return read }
        return await readOnce(lockHeld: lockHeld) ?? .absent
    }

    /// One read; nil when the file it found unusable was replaced before it
    /// could be set aside (read again).
    private func readOnce(lockHeld: Bool) async -> SessionRead? {
        let found = readFile()
        switch found {
        case .absent: return .absent
        case .unavailable(let reason): return .unavailable(.unavailable(reason))
        case .refused(let identity, let why): return await setAside(identity, because: why, lockHeld: lockHeld)
        case .bytes(let identity, let data):
            if let known = lastDecoded.withLock({ $0 }), known.bytes == data { return .found(known.session) }
            // Bytes a process decoded with this coding and lived are decoded
            // again as they are: no sweep, no marker, nothing written.
            let decodedBefore = decodedSafely.names(identity)
            if !decodedBefore, abandonedMarkersName(identity) {
                return await setAside(
                    identity, because: "reading it stopped the app last time; it was not read again", lockHeld: lockHeld
                )
            }
            let decoded: Result<UserSession, SessionCodingError>
            if decodedBefore {
                decoded = Result { () throws(SessionCodingError) in try coding.decode(data) }
            } else {
                let marker = DecodingMarker(directory: directory, prefix: markerPrefix, identity: identity)
                defer { marker?.remove() }
                decoded = Result { () throws(SessionCodingError) in try coding.decode(data) }
            }
            switch decoded {
            case .success(let session):
                lastDecoded.withLock { $0 = (data, session) }
                if !decodedBefore { decodedSafely.record(identity) }
                return .found(session)
            case .failure(let error):
                return await setAside(
                    identity,
                    because: "it could not be read as a session (\(data.isEmpty ? "it was empty" : "\(error)"))",
                    lockHeld: lockHeld)
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
        if let refusal = openIfNeeded() { throw refuse(refusal) }
        do throws(POSIXFile.Failure) {
            try prepareDirectory()
        } catch {
            throw refuse(error)
        }
        let lock = try await takeLock(for: .writing, waitingAtMost: Self.writeWait)
        defer { release(lock) }
        try saveLocked(data)
    }

    /// Writes `data` as the session; the lock is held.
    private func saveLocked(_ data: Data) throws(SessionStoreError) {
        do throws(POSIXFile.Failure) {
            try replaceFile(with: data)
        } catch {
            throw refuse(error)
        }
    }

    /// Removes the session file, every set-aside file and every temporary
    /// file of a killed save: after a logout no copy of a token is left, not
    /// even in a file that did not decode.
    ///
    /// A file that cannot be removed because the directory forbids it (made
    /// read-only behind the app's back) is emptied in place instead — writing
    /// to our own 0600 file needs no right on the directory — so the token is
    /// gone all the same and an empty session file reads as `.absent`. A file
    /// another name is hard-linked to is never emptied (that would empty the
    /// other file): it is only unlinked, and when it cannot be, `delete`
    /// throws saying why, as it does whenever a file is neither removed nor
    /// emptied — and the session stays.
    public func delete() async throws(SessionStoreError) {
        if let refusal = openIfNeeded() { throw refuse(refusal) }
        // No directory: nothing stored, nothing to delete (and none is made).
        if case .failure(let failure) = Result(catching: { () throws(POSIXFile.Failure) in
            try POSIXFile.linkStatus(directory)
        }), failure.isNotFound {
            return
        }
        let lock = try await takeLock(for: .writing, waitingAtMost: Self.writeWait)
        defer { release(lock) }
        try deleteLocked()
    }

    /// Removes the session file and every copy of it; the lock is held.
    private func deleteLocked() throws(SessionStoreError) {
        do throws(POSIXFile.Failure) {
            try { () throws(POSIXFile.Failure) in
                var removed = false
                var failure: POSIXFile.Failure?
                let temporaries = try POSIXFile.entries(directory).filter {
                    $0.hasPrefix(POSIXFile.temporaryPrefix(of: fileName))
                }
                // The record of a decode names a file no longer there: it goes too.
                let record = (try? POSIXFile.linkStatus(decodedSafely.path)) != nil ? [fileName + ".decoded"] : []
                let others = (try setAsideFiles()).map(\.name) + temporaries + record
                // Every file is tried, so one that must stay (a shared
                // inode) does not keep the copies of a token beside it.
                for path in [sessionPath] + others.map({ directory + "/" + $0 }) {
                    do throws(POSIXFile.Failure) {
                        try POSIXFile.removeOrEmpty(path)
                        removed = true
                    } catch  where error.isNotFound {
                    } catch {
                        failure = failure ?? error
                    }
                }
                if removed { try? POSIXFile.fsyncDirectory(directory) }
                if let failure { throw failure }
            }()
        } catch  where error.isNotFound {
            // No directory: nothing stored, nothing to delete.
        } catch {
            throw refuse(error)
        }
    }

    public func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        if let refusal = openIfNeeded() { throw refuse(refusal) }
        do throws(POSIXFile.Failure) {
            try prepareDirectory()
        } catch {
            throw refuse(error)
        }
        let lock = try await takeLock(for: purpose, waitingAtMost: limit)
        defer { release(lock) }
        return await body(Held(store: self))
    }

    /// The store as the holder of its lock sees it: the same operations,
    /// without taking the lock it holds.
    private struct Held: SessionDataStore {
        let store: FileSessionDataStore

        func read() async -> SessionRead { await store.read(lockHeld: true) }

        func save(_ session: UserSession) async throws(SessionStoreError) {
            let data: Data
            do {
                data = try store.coding.encode(session)
            } catch {
                throw .coding(error)
            }
            try store.saveLocked(data)
        }

        func delete() async throws(SessionStoreError) { try store.deleteLocked() }

        func exclusively<Outcome: Sendable>(
            for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
            _ body: @Sendable (any SessionDataStore) async -> Outcome
        ) async throws(SessionStoreError) -> Outcome {
            await body(self)
        }
    }

    // MARK: - The lock

    /// The lock file's descriptor, holding its `flock`.
    private struct HeldLock {
        let descriptor: Int32
    }

    /// Takes this process's turn, then the lock file's `flock`, waiting while
    /// another process holds it, at most `limit` for each holder: in a blocking
    /// `flock` on a thread of its own (`LockFileWait`), or, while an earlier
    /// wait given up on is still blocked there, by trying again after pauses.
    ///
    /// A holder another process's lease names as stopped (`LockLease`)
    /// ends the wait at once, as `.busy` naming it: it cannot let go until
    /// it is continued. A holder still running at the limit is `.busy` too;
    /// the lock taken, this process's lease — `purpose` with it — is
    /// written into the lock file.
    private func takeLock(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration
    ) async throws(SessionStoreError) -> HeldLock {
        guard await turns.take(waitingAtMost: limit) else { throw .busy(SessionLockHolder()) }
        // The limit is for one holder: the line of this process's tasks
        // made way (each hand-over starts it again), and another process's
        // holder gets a limit of its own from here.
        var start = ContinuousClock.now
        let descriptor: Int32
        do throws(POSIXFile.Failure) {
            descriptor = try POSIXFile.open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
        } catch {
            turns.release()
            throw refuse(error)
        }
        var pause = Duration.microseconds(250)
        let watch = StoppedHolderWatch(lockPath: lockPath)
        var lastHolderCheck = ContinuousClock.now
        while true {
            do throws(POSIXFile.Failure) {
                if try POSIXFile.tryExclusiveLock(descriptor) { return held(descriptor, for: purpose) }
            } catch {
                close(descriptor)
                turns.release()
                throw refuse(error)
            }
            let waited = ContinuousClock.now - start
            var stopped: SessionLockHolder?
            if ContinuousClock.now - lastHolderCheck >= LockFileWait.holderCheckInterval {
                lastHolderCheck = .now
                stopped = watch.stoppedHolder()
                // Another holder now: the limit is for each one.
                if stopped == nil, watch.handedOver() { start = .now }
            }
            guard waited < limit, stopped == nil else {
                close(descriptor)
                turns.release()
                throw .busy(stopped ?? watch.currentHolder())
            }
            let waitBlocking = blockedLockWaits.withLock { blocked in
                guard blocked == 0 else { return false }
                blocked += 1
                return true
            }
            if waitBlocking {
                let wait = LockFileWait(descriptor: descriptor) { [self] in
                    blockedLockWaits.withLock { $0 -= 1 }
                }
                let stoppedHolder = Mutex<SessionLockHolder?>(nil)
                let taken = await wait.taken(within: limit - waited) {
                    if let holder = watch.stoppedHolder() {
                        stoppedHolder.withLock { $0 = holder }
                        return .stopped
                    }
                    return watch.handedOver() ? .handedOver : .same
                }
                if taken { return held(descriptor, for: purpose) }
                // The descriptor is the wait's now: it closes it.
                turns.release()
                throw .busy(stoppedHolder.withLock { $0 } ?? watch.currentHolder())
            }
            // An earlier wait still blocks on its thread: a pause on the
            // system's clock (a `flock` that blocked here would hold a thread
            // of the shared pool).
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(1))
        }
    }

    private func release(_ lock: HeldLock) {
        // The lease goes with the lock: a waiter then finds no holder named
        // until the next one writes its own.
        _ = ftruncate(lock.descriptor, 0)
        flock(lock.descriptor, LOCK_UN)
        close(lock.descriptor)
        turns.release()
    }

    /// The lock just taken on `descriptor`, with this process's lease written.
    private func held(_ descriptor: Int32, for purpose: SessionLockPurpose) -> HeldLock {
        LockLease.write(to: descriptor, purpose: purpose)
        return HeldLock(descriptor: descriptor)
    }

    // MARK: - Opening

    /// Opens the store once, at its first operation; a refusal (the
    /// directory is another user's, or a link to nothing) is answered to
    /// every operation until the directory is fixed, and said once.
    private func openIfNeeded() -> POSIXFile.Failure? {
        isOpen.withLock { isOpen -> POSIXFile.Failure? in
            guard !isOpen else { return nil }
            do throws(POSIXFile.Failure) {
                try open()
                isOpen = true
                return nil
            } catch {
                return error
            }
        }
    }

    /// Checks the directory as every save does (a directory of this user,
    /// made 0700 if it was open to others — here even when no save comes):
    /// from the `lstat` alone when it is already so. A directory not made yet
    /// has nothing to check but its parent (another user's is refused at
    /// once): the first save makes it.
    private func open() throws(POSIXFile.Failure) {
        let info: stat
        do throws(POSIXFile.Failure) {
            info = try POSIXFile.linkStatus(directory)
        } catch {
            // Not there (only its parent to check), or not reachable: the operation says why.
            if error.isNotFound { try POSIXFile.refuseParentOfAnotherUser(of: directory) }
            return
        }
        if POSIXFile.isPrivateDirectoryOfThisUser(info) {
            // Already as a save leaves it: only its parent to check, nothing to make or tighten.
            try POSIXFile.refuseParentOfAnotherUser(of: directory)
        } else {
            try prepareDirectory()
        }
        // What a killed save left is not looked for here: removing it takes
        // the lock, and a read takes none. The next save removes it (every
        // sign-in and refresh saves), and so does logout.
    }

    // MARK: - Reading

    /// Who a file is: the same identity means the same file, unchanged
    /// (a rename over it, a write or a chmod changes one of these).
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: (seconds: Int, nanoseconds: Int)
        var changed: (seconds: Int, nanoseconds: Int)

        init(_ info: stat) {
            // dev_t is signed on Darwin: its bits, not its value.
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
            size = Int64(info.st_size)
            let modifiedAt = Platform.modificationTime(of: info)
            let changedAt = Platform.statusChangeTime(of: info)
            modified = (Int(modifiedAt.tv_sec), Int(modifiedAt.tv_nsec))
            changed = (Int(changedAt.tv_sec), Int(changedAt.tv_nsec))
        }

        /// One line of numbers, as kept in a decoding marker.
        var text: String {
            "\(device) \(inode) \(size) \(modified.seconds) \(modified.nanoseconds) \(changed.seconds) \(changed.nanoseconds)"
        }

        static func == (left: FileIdentity, right: FileIdentity) -> Bool {
            left.text == right.text
        }
    }

    private enum FileRead {
        case absent
        case bytes(FileIdentity, Data)
        /// Something at the session path that must not be read: set it aside.
        case refused(FileIdentity, String)
        case unavailable(String)
    }

    private func readFile() -> FileRead {
        let fd: Int32
        do throws(POSIXFile.Failure) {
            // O_NONBLOCK: opening a FIFO with no writer would otherwise wait
            // for one forever. It changes nothing for a regular file, the
            // only kind read, so it is never cleared.
            fd = try POSIXFile.open(sessionPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        } catch  where error.isNotFound {
            return .absent
        } catch  where error.code == ELOOP {
            return .unavailable("the session file is a symbolic link; it is not followed")
        } catch  where error.code == ENXIO {
            // A socket: it cannot be opened, but it can be renamed aside.
            return refuseUnopened()
        } catch {
            return .unavailable(error.reason)
        }
        defer { close(fd) }
        do throws(POSIXFile.Failure) {
            var info = try POSIXFile.status(of: fd)
            if info.st_mode & S_IFMT == S_IFDIR {
                // Not moved: what is set aside is later removed with unlink,
                // and a directory may hold things this store never made.
                return .unavailable("the session path is a directory")
            }
            // A FIFO or a device holds no session, and a file with another
            // name or another owner may be someone else's file: renamed aside
            // (only this name moves) it stops blocking the path, and it is
            // never read, tightened or emptied.
            if let why = POSIXFile.whyNotOwnFile(info) { return .refused(FileIdentity(info), why) }
            let mode = info.st_mode & 0o777
            if mode & 0o077 != 0 {
                try POSIXFile.chmod(fd, 0o600)
                notices.post(
                    .tightened,
                    "the session file \(sessionPath) was open to others (mode \(String(mode, radix: 8))); it is now 0600"
                )
                info = try POSIXFile.status(of: fd)
            }
            let identity = FileIdentity(info)
            guard Int64(info.st_size) <= Int64(Self.maximumFileSize) else {
                return .refused(identity, "it is larger than \(Self.maximumFileSize) bytes (\(info.st_size) bytes)")
            }
            // An empty file is what a delete that could not unlink leaves behind.
            guard info.st_size > 0 else { return .absent }
            // The file as its identity describes it: a save never writes
            // into a session file, it renames a new one over it.
            return .bytes(identity, try POSIXFile.read(fd, size: Int(info.st_size)))
        } catch {
            return .unavailable(error.reason)
        }
    }

    private func refuseUnopened() -> FileRead {
        do throws(POSIXFile.Failure) {
            return .refused(FileIdentity(try POSIXFile.linkStatus(sessionPath)), "it is not a regular file")
        } catch  where error.isNotFound {
            return .absent
        } catch {
            return .unavailable(error.reason)
        }
    }

    /// Whether a reader died decoding the file `identity` names (see `DecodingMarker`).
    private func abandonedMarkersName(_ identity: FileIdentity) -> Bool {
        guard let names = try? POSIXFile.entries(directory) else { return false }
        return DecodingMarker.sweepAbandoned(in: directory, names: names, prefix: markerPrefix, naming: identity)
    }

    /// Moves what is at the session path aside — if it is still the file
    /// `identity` names once the lock is held — and answers `.setAside`; nil
    /// when the file was replaced meanwhile (the caller reads again).
    private func setAside(_ identity: FileIdentity, because why: String, lockHeld: Bool) async -> SessionRead? {
        var outcome = SessionRead.absent
        var replaced = false
        var lock: HeldLock?
        if !lockHeld {
            do throws(SessionStoreError) {
                lock = try await takeLock(for: .writing, waitingAtMost: Self.writeWait)
            } catch {
                let reason = "the session file was not read because \(why), and it could not be set aside: \(error)"
                notices.postOnce(.refused, reason)
                return .unavailable(.unavailable(reason))
            }
        }
        defer { lock.map(release) }
        do throws(POSIXFile.Failure) {
            try { () throws(POSIXFile.Failure) in
                guard let current = try? POSIXFile.linkStatus(sessionPath), FileIdentity(current) == identity else {
                    // Replaced or set aside meanwhile: nothing of this file is left to move.
                    replaced = true
                    return
                }
                let files = try setAsideFiles()
                let target = setAsidePrefix + String((files.last?.number ?? 0) + 1)
                try POSIXFile.rename(sessionPath, directory + "/" + target)
                for (_, old) in files.dropLast(Self.keptSetAsideFiles - 1) {
                    try? POSIXFile.unlink(directory + "/" + old)
                }
                try POSIXFile.fsyncDirectory(directory)
                let reason = "the session file was set aside because \(why); it was moved to \(target)"
                notices.post(.setAside, reason)
                outcome = .setAside(reason: reason)
            }()
        } catch {
            let reason = "the session file was not read because \(why), and it could not be set aside: \(error.reason)"
            notices.postOnce(.refused, reason)
            return .unavailable(.unavailable(reason))
        }
        return replaced ? nil : outcome
    }

    /// The set-aside files, oldest (lowest number) first.
    private func setAsideFiles() throws(POSIXFile.Failure) -> [(number: Int, name: String)] {
        try POSIXFile.entries(directory)
            .compactMap { name in
                guard name.hasPrefix(setAsidePrefix), let number = Int(name.dropFirst(setAsidePrefix.count)) else {
                    return nil
                }
                return (number, name)
            }
            .sorted { $0.number < $1.number }
    }

    // MARK: - Writing

    private func prepareDirectory() throws(POSIXFile.Failure) {
        if let mode = try POSIXFile.ensurePrivateDirectory(directory) {
            notices.post(
                .tightened,
                "the store directory \(directory) was open to others (mode \(String(mode, radix: 8))); it is now 0700")
        }
    }

    /// Writes a new file beside the old one and renames it over it. Runs with
    /// the lock held, so any temporary file already there was left by a writer
    /// that died mid-save: it is removed first.
    private func replaceFile(with data: Data) throws(POSIXFile.Failure) {
        try POSIXFile.replaceAtomically(named: fileName, in: directory, with: data)
    }

    /// The error for `failure`; one the store explains in words (a
    /// directory it refuses, a file it would not empty) is also a notice,
    /// once, so the person sees why a save or a logout did not go through.
    private func refuse(_ failure: POSIXFile.Failure) -> SessionStoreError {
        if failure.explanation != nil { notices.postOnce(.refused, failure.reason) }
        switch failure.code {
        case EACCES, EPERM: return .permissions(failure.reason)
        default: return .unavailable(failure.reason)
        }
    }
}
