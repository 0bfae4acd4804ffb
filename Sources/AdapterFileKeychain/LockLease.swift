import Foundation
import OperatingSystem
import Ports
import Synchronization

/// What the holder of the store's `flock` writes into the lock file — its
/// process id and since when it holds the lock — so that a process that
/// cannot take the lock knows who has it, and whether that holder can let
/// go at all: a stopped process (SIGSTOP, Ctrl-Z, a debugger) keeps its
/// `flock` until it is continued, so waiting for it to the limit only
/// keeps the person on "Loading…". A holder that dies needs nothing here:
/// the kernel lets its `flock` go at once, and the waiter takes it.
///
/// The lease is a hint, never the lock: the `flock` decides who holds it.
/// The line is `pid 4242 since 1796333000.125 refreshing` (the purpose is
/// `SessionLockPurpose`'s raw value; a line without one, as leases were
/// first written, names no purpose); nothing secret is in it.
enum LockLease {
    /// Writes this process's lease over the lock file's contents; the lock
    /// is held. A lease that cannot be written changes nothing but what a
    /// waiter can say (it then waits to its limit, as before leases).
    static func write(to descriptor: Int32, purpose: SessionLockPurpose, now: Date = Date()) {
        let line = Array("pid \(getpid()) since \(now.timeIntervalSince1970) \(purpose.rawValue)\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    /// The lease the lock file holds now, if it names a process.
    static func read(at lockPath: String) -> SessionLockHolder? {
        let descriptor = open(lockPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 80)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return parse(String(decoding: bytes[..<count], as: UTF8.self))
    }

    /// The holder a lease line names; nil for anything else.
    static func parse(_ text: String) -> SessionLockHolder? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 4 || words.count == 5, words[0] == "pid", words[2] == "since",
            let processID = Int32(words[1]), processID > 0,
            let seconds = Double(words[3]), seconds.isFinite
        else { return nil }
        var purpose: SessionLockPurpose?
        if words.count == 5 {
            guard let named = SessionLockPurpose(rawValue: String(words[4])) else { return nil }
            purpose = named
        }
        return SessionLockHolder(processID: processID, since: Date(timeIntervalSince1970: seconds), purpose: purpose)
    }
}

/// Watches, while a wait for the lock goes on, whether its holder is
/// stopped: the same lease seen stopped twice in a row — so that a lease
/// its new holder has not written yet, naming a process that let go and
/// was stopped afterwards, cannot end a wait by itself.
///
/// It also tells whether the lock changed hands since it last looked (the
/// lease names another holder, or none): a wait's limit is for one holder,
/// so a line of processes each holding a moment — eight windows refreshing
/// at once — never runs a waiter out of time.
final class StoppedHolderWatch: Sendable {
    private let lockPath: String
    private let lastSeenStopped = Mutex<SessionLockHolder?>(nil)
    /// The lease as last seen by `handedOver`: `.none` before its first
    /// look, `.some(nil)` for no lease.
    private let lastLease = Mutex<SessionLockHolder??>(.none)

    init(lockPath: String) {
        self.lockPath = lockPath
    }

    /// Whether the lease changed since the last look (the first look only
    /// notes it): a holder let go (the lease emptied) or another one wrote
    /// its own. A holder that keeps the lock — with a lease or without
    /// one — never changes it. Not read until a wait needs it: a lock
    /// taken at once costs no read.
    func handedOver() -> Bool {
        let now = LockLease.read(at: lockPath)
        return lastLease.withLock { last in
            defer { last = .some(now) }
            guard case .some(let seen) = last else { return false }
            return seen != now
        }
    }

    /// The holder, when it is seen stopped for the second time running; nil
    /// while it runs (or cannot be named).
    func stoppedHolder() -> SessionLockHolder? {
        guard var holder = LockLease.read(at: lockPath), let processID = holder.processID,
            processID != getpid(), Platform.isStopped(processID)
        else {
            lastSeenStopped.withLock { $0 = nil }
            return nil
        }
        holder.isStopped = true
        let seenBefore = lastSeenStopped.withLock { last in
            defer { last = holder }
            return last == holder
        }
        return seenBefore ? holder : nil
    }

    /// The holder the lease names now, whatever its state: what a wait
    /// that reached its limit says of who kept the lock.
    func currentHolder() -> SessionLockHolder {
        LockLease.read(at: lockPath) ?? SessionLockHolder()
    }
}
