import Foundation

import OperatingSystem

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
        let started = Platform.spawn("/bin/cat", arguments: [], input: .descriptor(ends[0]))
        close(ends[0])
        switch started {
        case .success(let pid): self.pid = pid
        case .failure(let failure):
            close(ends[1])
            throw POSIXError(POSIXErrorCode(rawValue: failure.code) ?? .EINVAL)
        }
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
