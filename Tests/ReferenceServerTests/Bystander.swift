import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process of no interest started by the test, as the test suite starts
/// app processes and workers: it inherits every descriptor of this process
/// that is not close-on-exec, and keeps them open until `end()` — `cat`
/// reading a pipe that nobody writes to.
final class Bystander {
    private let pid: pid_t
    private let feed: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/cat"), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/cat", &actions, nil, argv, environ)
        close(ends[0])
        guard result == 0 else {
            close(ends[1])
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        self.pid = pid
        feed = ends[1]
    }

    /// Ends the process (killed: another process started meanwhile may hold
    /// the pipe's write end too, so end of input alone might never come) and
    /// waits for it.
    func end() {
        close(feed)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
}
