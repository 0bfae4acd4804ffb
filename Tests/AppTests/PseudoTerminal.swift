import Foundation

import OffThePool
import OperatingSystem
import Testing

/// The built `app` run on a pseudo-terminal, as a person runs it: its
/// stdin, stdout and stderr are the terminal's, so it takes the line editor
/// and the live screen. A test types into it and reads what it drew.
///
/// Started with `posix_spawn` (see `StressChild` for why not `Process`).
/// Reading waits on `poll` with a deadline: a test waits for what it
/// expects to be drawn, never for a fixed time, and a deadline that passes
/// fails the test with what was drawn so far.
final class PseudoTerminal {
    enum Failure: Error, CustomStringConvertible {
        case noTerminal(String)
        case notDrawn(String, within: Duration, drawn: String)
        case closed(before: String, drawn: String)

        var description: String {
            switch self {
            case .noTerminal(let why): "no pseudo-terminal: \(why)"
            case .notDrawn(let text, let budget, let drawn):
                "'\(text)' was not drawn within \(budget); drawn:\n\(TerminalLines.lines(of: drawn).joined(separator: "\n"))"
            case .closed(let text, let drawn):
                "the app ended before drawing '\(text)'; drawn:\n\(TerminalLines.lines(of: drawn).joined(separator: "\n"))"
            }
        }
    }

    /// The `app` executable, built beside the test binary.
    static var app: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("app").path
    }

    let pid: pid_t
    private let master: Int32
    private var bytes: [UInt8] = []
    private var ended = false

    /// Everything drawn so far, as bytes sent to the terminal (UTF-8).
    var drawn: String { String(decoding: bytes, as: UTF8.self) }

    /// Runs `app` with `arguments`, in this process's environment without
    /// `LANG`, `LANGUAGE` and `LC_*` (the language is the one the arguments
    /// choose, or the default), with `TERM=xterm`, plus `environment`.
    init(arguments: [String], environment: [String: String] = [:]) throws {
        guard let (primary, replica) = Platform.openPseudoTerminal() else {
            throw Failure.noTerminal(String(cString: strerror(errno)))
        }
        master = primary

        var variables = ProcessInfo.processInfo.environment.filter { name, _ in
            name != "LANG" && name != "LANGUAGE" && !name.hasPrefix("LC_")
        }
        variables["TERM"] = "xterm"
        // Under AddressSanitizer (.ci/sanitizers) the child is an instrumented
        // app too: at exit LeakSanitizer reports what its suspended tasks still
        // hold, and exits 1. What the app frees is checked in process (the
        // soak, GraphReleaseTests); here only what it draws.
        if let options = variables["ASAN_OPTIONS"] { variables["ASAN_OPTIONS"] = options + ":detect_leaks=0" }
        variables.merge(environment) { _, new in new }
        // Its terminal's replica on all three streams: not its controlling
        // terminal (O_NOCTTY), a tty all the same, which is what the app asks.
        switch Platform.spawn(
            Self.app, arguments: arguments, environment: variables.map { "\($0.key)=\($0.value)" },
            input: .terminal(replica), output: .terminal(replica), error: .terminal(replica))
        {
        case .success(let child):
            pid = child
        case .failure(let failure):
            close(master)
            throw Failure.noTerminal("posix_spawn \(Self.app): \(failure.reason)")
        }
    }

    deinit {
        if !ended {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Types `text` as keys (a line ends with "\r", as Enter sends).
    func type(_ text: String) {
        var remaining = Array(text.utf8)
        while !remaining.isEmpty {
            let written = write(master, remaining, remaining.count)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            remaining.removeFirst(written)
        }
    }

    /// Resizes the terminal to `columns` × `rows`, as a person dragging its
    /// window does, and sends the app SIGWINCH (the kernel sends it only to
    /// a terminal's own session, and this one is not the app's controlling
    /// terminal).
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(pid, SIGWINCH)
    }

    /// Writes `bytes` as a terminal passes a paste on, reading what the app
    /// draws meanwhile (so neither side waits on a full buffer); fails when
    /// the app ends first.
    func paste(_ bytes: [UInt8], within budget: Duration = .seconds(120)) throws {
        expectOffThePool("a paste into the terminal")
        let deadline = ContinuousClock.now + budget
        var remaining = bytes[...]
        while !remaining.isEmpty {
            guard ContinuousClock.now < deadline else {
                throw Failure.notDrawn("(the paste taken)", within: budget, drawn: drawn)
            }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN | POLLOUT), revents: 0)
            guard poll(&descriptor, 1, 1000) > 0 else { continue }
            if descriptor.revents & Int16(POLLIN) != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(master, &chunk, chunk.count)
                if count > 0 { self.bytes.append(contentsOf: chunk[..<count]) }
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
                    throw Failure.closed(before: "(the paste taken)", drawn: drawn)
                }
            }
            if descriptor.revents & Int16(POLLOUT) != 0 {
                let piece = Array(remaining.prefix(256))
                let written = write(master, piece, piece.count)
                if written > 0 { remaining = remaining.dropFirst(written) }
            }
        }
    }

    /// Reads until `text` appears after `offset` in what was drawn; returns
    /// where it ends. Fails when `budget` passes first or the app ends.
    @discardableResult
    func waitFor(_ text: String, after offset: String.Index? = nil, within budget: Duration = .seconds(120)) throws
        -> String.Index
    {
        expectOffThePool("waiting for the terminal to show '\(text)'")
        let deadline = ContinuousClock.now + budget
        while true {
            let shown = drawn
            let start = offset.map { min($0, shown.endIndex) } ?? shown.startIndex
            if let range = shown.range(of: text, range: start..<shown.endIndex) { return range.upperBound }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw Failure.notDrawn(text, within: budget, drawn: shown) }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 1000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            // EIO: the app closed the terminal.
            guard count > 0 else { throw Failure.closed(before: text, drawn: shown) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Waits (up to `budget`) for the app to end; its exit status, nil if it did not end.
    func exitStatus(within budget: Duration = .seconds(60)) -> Int32? {
        expectOffThePool("waiting for the app to end")
        let deadline = ContinuousClock.now + budget
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            // Drain what it draws, so a full terminal buffer never holds it up.
            var chunk = [UInt8](repeating: 0, count: 4096)
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0 {
                let count = read(master, &chunk, chunk.count)
                if count > 0 { bytes.append(contentsOf: chunk[..<count]) }
            }
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid {
                ended = true
                return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
        }
        return nil
    }
}

/// What a terminal shows for the bytes the app wrote: each line as it was
/// left after the carriage returns, erasing and cursor moves the app's own
/// `TerminalControl`s make (the prompt is redrawn after every key).
enum TerminalLines {
    static func lines(of written: String) -> [String] {
        var lines: [String] = []
        var line: [Character] = []
        var cursor = 0
        var characters = Array(written)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\r\n", "\n":
                lines.append(String(line))
                line = []
                cursor = 0
            case "\r":
                cursor = 0
            case "\u{07}":
                continue
            case "\u{1B}":
                // CSI: ESC [ parameters final
                guard characters.first == "[" else { continue }
                characters.removeFirst()
                var parameters = ""
                while let next = characters.first, next.isNumber || next == ";" {
                    parameters.append(next)
                    characters.removeFirst()
                }
                guard let final = characters.popFirst() else { break }
                switch final {
                case "K": line.removeSubrange(min(cursor, line.count)...)
                case "D": cursor = max(0, cursor - (Int(parameters) ?? 1))
                case "J":
                    lines = []
                    line = []
                    cursor = 0
                default: break  // H (home, with J) and anything else: no change to the text
                }
            default:
                if cursor < line.count {
                    line[cursor] = character
                } else {
                    line.append(contentsOf: repeatElement(" ", count: cursor - line.count))
                    line.append(character)
                }
                cursor += 1
            }
        }
        if !line.isEmpty { lines.append(String(line)) }
        return lines
    }
}
