import Foundation

import OperatingSystem

/// `app` started the way a person starts it: no command, in a terminal (a
/// pseudo-terminal whose replica is its stdin, stdout and stderr), the
/// default environment. Timed from just before the spawn to its first
/// screen: the moment the prompt of the welcome screen (`welcome> `) has
/// been written, which the app writes after the whole screen, when it waits
/// for the person's first key. Then `quit` is typed and the app must end.
enum TerminalLaunch {
    /// What the first screen ends with.
    static let firstPrompt = "welcome> "

    /// What the yardstick (`hello-foundation`) writes before it waits.
    static let yardstickPrompt = "hello> "

    /// Seconds from the spawn to the first screen: until `prompt` is written.
    static func secondsToFirstScreen(
        executable: String, prompt awaited: String = firstPrompt, within budget: Duration = .seconds(60)
    ) throws(BenchSetupError) -> Double {
        guard let (master, replicaPath) = Platform.openPseudoTerminal() else {
            throw BenchSetupError("no pseudo-terminal for the launch: \(String(cString: strerror(errno)))")
        }
        defer { close(master) }
        let replica = open(replicaPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard replica >= 0 else { throw BenchSetupError("cannot open the pseudo-terminal's replica") }
        var variables = BenchChildProcess.plainVariables
        variables["TERM"] = "xterm"
        let started = ContinuousClock.now
        let child: BenchChildProcess
        do {
            child = try BenchChildProcess(
                executable: executable, arguments: [], variables: variables, input: .descriptor(replica),
                output: .descriptor(replica), error: .descriptor(replica))
        } catch {
            close(replica)
            throw error
        }
        close(replica)
        var drawn: [UInt8] = []
        let prompt = Array(awaited.utf8)
        let name = URL(fileURLWithPath: executable).lastPathComponent
        let deadline = started + budget
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while !drawn.contains(bytes: prompt) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw BenchSetupError("\(name) drew no first screen within \(budget)") }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left.components.seconds * 1_000 + 1, 1_000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = read(master, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            // EIO: the app closed the terminal.
            guard count > 0 else { throw BenchSetupError("\(name) ended before its first screen") }
            drawn.append(contentsOf: chunk[..<count])
        }
        let seconds = (ContinuousClock.now - started).benchSeconds
        let quit = Array("quit\r".utf8)
        _ = quit.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        // What it writes as it ends (a line or two) fits the terminal's buffer: nothing need drain it.
        guard child.waitForExit(within: .seconds(30)) != nil else {
            throw BenchSetupError("\(name) did not end after 'quit' at its first screen")
        }
        return seconds
    }
}

extension [UInt8] {
    /// Whether `bytes` occur anywhere in this array.
    fileprivate func contains(bytes: [UInt8]) -> Bool {
        guard count >= bytes.count else { return false }
        for start in 0...(count - bytes.count) where self[start..<start + bytes.count].elementsEqual(bytes) {
            return true
        }
        return false
    }
}
