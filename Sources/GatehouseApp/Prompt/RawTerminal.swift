import Dispatch
import Foundation

import OperatingSystem

/// The terminal on stdin, put in raw mode by hand on termios (no package):
/// no echo, no line buffering, no signals from keys, so each byte reaches
/// `TerminalPrompt` as it is typed. Output processing stays on (`\n` still
/// starts a fresh line). Only ever used when stdin and stdout are both a
/// terminal; `restore()` puts back the mode it found. It only reads: what
/// the prompt draws goes out through `Console`, escaped.
@MainActor
final class RawTerminal {
    private var saved = termios()
    private var isRaw = false
    /// Bytes as they are read, in chunks, by a thread of their own.
    private(set) lazy var bytes: AsyncStream<[UInt8]> = Self.readStandardInput()

    static var isAvailable: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 }

    /// Raw mode on; false (and nothing changed) if the terminal refuses.
    func enter() -> Bool {
        guard !isRaw, tcgetattr(STDIN_FILENO, &saved) == 0 else { return isRaw }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        isRaw = true
        return true
    }

    /// The mode found by `enter()`, back.
    func restore() {
        guard isRaw else { return }
        var mode = saved
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode)
        isRaw = false
    }

    /// stdin's bytes as they come; finished at end of input or on an error.
    private nonisolated static func readStandardInput() -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            let thread = Thread {
                var buffer = [UInt8](repeating: 0, count: 256)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    continuation.yield(Array(buffer[..<count]))
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}
