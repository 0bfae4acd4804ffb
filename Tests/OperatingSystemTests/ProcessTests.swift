import Foundation
import OperatingSystem
import Synchronization
import Testing

/// The seam's view of processes: stopped or not, CPU used, descriptors held,
/// and children started with nothing of ours but what they are handed.
struct ProcessTests {
    /// Starts `/bin/sleep` for longer than any test takes; the test kills it.
    private func sleeper() throws -> pid_t {
        switch Platform.spawn("/bin/sleep", arguments: ["600"]) {
        case .success(let pid): return pid
        case .failure(let failure): throw failure
        }
    }

    private func reap(_ pid: pid_t) {
        SystemCall.kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    @Test("A child stopped by SIGSTOP is seen stopped; continued, it is not")
    func stoppedProcessIsSeen() throws {
        let pid = try sleeper()
        defer { reap(pid) }
        #expect(!Platform.isStopped(pid))
        var status: Int32 = 0
        SystemCall.kill(pid, SIGSTOP)
        // waitpid returns once the child has stopped: no waiting on time.
        try #require(waitpid(pid, &status, WUNTRACED) == pid)
        #expect(Platform.isStopped(pid))
        SystemCall.kill(pid, SIGCONT)
        try #require(waitpid(pid, &status, WCONTINUED) == pid)
        #expect(!Platform.isStopped(pid))
    }

    /// Linux only (Darwin has no /proc): a stopped child's one thread is
    /// named stopped; a process that is gone has none to name.
    @Test(
        "Where a child's threads wait is read: a stopped one says T; one that is gone, nothing",
        .enabled(if: Platform.isLinux))
    func threadWaitsAreRead() throws {
        let pid = try sleeper()
        var status: Int32 = 0
        SystemCall.kill(pid, SIGSTOP)
        try #require(waitpid(pid, &status, WUNTRACED) == pid)
        let waits = try #require(Platform.threadWaits(ofProcess: pid))
        #expect(waits.hasPrefix("T ") && waits.hasSuffix(" ×1"), "\(waits)")
        reap(pid)
        #expect(Platform.threadWaits(ofProcess: pid) == nil)
    }

    @Test("A process that is gone is not stopped")
    func goneProcessIsNotStopped() throws {
        let pid = try sleeper()
        reap(pid)
        #expect(!Platform.isStopped(pid))
        #expect(Platform.cpuSeconds(ofProcess: pid) == nil)
    }

    /// Another process's CPU time is read on Linux only (Darwin's branch,
    /// `proc_pid_rusage`, is not written): the test runs where it is read.
    @Test(
        "This process's CPU time is read both ways, and agrees",
        .enabled(if: Platform.cpuSeconds(ofProcess: getpid()) != nil))
    func cpuTime() throws {
        var spin: UInt64 = 0
        for value in 0..<2_000_000 { spin &+= UInt64(value) &* 31 }
        #expect(spin != 1)
        let own = Platform.cpuSecondsOfThisProcess()
        let read = try #require(Platform.cpuSeconds(ofProcess: getpid()))
        #expect(own > 0 && read >= 0)
        // Clock ticks are coarse (1/100 s): the two differ by little.
        #expect(abs(own - read) < 1)
    }

    @Test("The descriptors this process holds are listed, a new one and the standard three among them")
    func openDescriptorsAreListed() throws {
        let descriptor = SystemCall.open("/dev/null", O_RDONLY | O_CLOEXEC, 0)
        try #require(descriptor >= 0)
        defer { SystemCall.close(descriptor) }
        // Other tests open and close descriptors meanwhile: only what this
        // test holds open is certain to be listed.
        let listed = Platform.openDescriptors()
        #expect(listed.contains(descriptor))
        #expect([STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].allSatisfy(listed.contains))
    }

    @Test("A child gets its streams as asked and no other descriptor, even one not close-on-exec")
    func childGetsNothingElse() throws {
        // A pipe whose ends are NOT close-on-exec: only the spawn's closing
        // of every other descriptor keeps them out of the child.
        var leaked: [Int32] = [-1, -1]
        try #require(pipe(&leaked) == 0)
        defer { leaked.forEach { SystemCall.close($0) } }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seam-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let listing = directory + "/descriptors"
        let started = Platform.spawn(
            "/bin/sh", arguments: ["-c", "ls \(Platform.openDescriptorsDirectory)/"],
            output: .createdFile(listing))
        guard case .success(let pid) = started else { throw try #require(started.failure) }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        let names = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(!names.contains(leaked[0]) && !names.contains(leaked[1]), "the child held \(names)")
        #expect(names.contains(0) && names.contains(1) && names.contains(2))
    }

    /// What the bench met: `openssl speed` spawned from a thread that blocked
    /// SIGALRM inherited the mask, and its timer never fired. Here the
    /// spawning thread blocks SIGTERM: a child that inherited the mask would
    /// live through a SIGTERM (it stays pending), and only the watchdog's
    /// SIGKILL, ten seconds on, would end it — a failure, never a pass.
    @Test("A child starts with no signal blocked, whatever the spawning thread blocked")
    func childStartsWithNoSignalBlocked() throws {
        let started = Mutex<Result<pid_t, Platform.SpawnFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGTERM)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            started.withLock { $0 = Platform.spawn("/bin/sleep", arguments: ["600"]) }
            done.signal()
        }
        thread.start()
        done.wait()
        guard case .success(let pid)? = started.withLock({ $0 }) else {
            Issue.record("sleep did not start: \(String(describing: started.withLock { $0 }))")
            return
        }
        let watchdog = DispatchWorkItem { _ = SystemCall.kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
        _ = SystemCall.kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        watchdog.cancel()
        #expect(status & 0x7F == SIGTERM, "the child ended by signal \(status & 0x7F), not by SIGTERM")
    }

    @Test("A program that cannot start says why")
    func spawnFailureSaysWhy() {
        let started = Platform.spawn("/nonexistent/program", arguments: [])
        guard case .failure(let failure) = started else {
            if case .success(let pid) = started { reap(pid) }
            Issue.record("a missing program started")
            return
        }
        #expect(failure.code == ENOENT)
        #expect(!failure.reason.isEmpty)
    }

    @Test("A pseudo-terminal opens, and its replica is a terminal")
    func pseudoTerminal() throws {
        let terminal = try #require(Platform.openPseudoTerminal(), "errno \(errno)")
        defer { SystemCall.close(terminal.primary) }
        let replica = SystemCall.open(terminal.replicaPath, O_RDWR | O_NOCTTY | O_CLOEXEC, 0)
        try #require(replica >= 0, "errno \(errno)")
        defer { SystemCall.close(replica) }
        #expect(isatty(replica) == 1)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
