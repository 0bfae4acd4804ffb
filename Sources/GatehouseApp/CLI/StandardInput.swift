import Dispatch
import Foundation

import OperatingSystem

/// The process's stdin: whether a person is typing at it, a line at a time,
/// or all of it at once.
enum StandardInput {
    /// False when stdin is a pipe or a file: its text is then a script.
    static var isTerminal: Bool { isatty(STDIN_FILENO) != 0 }

    /// The next line, without its newline; nil at end of input. Read off the
    /// main thread, so work on the main actor (a refresh on real time) goes on
    /// while the person thinks — and off the pool Swift's tasks run on
    /// (`DispatchQueue.global()` is that pool on Linux): the read blocks its
    /// thread for as long as the person thinks, and libdispatch would add a
    /// thread to the pool for it. A serial queue runs on libdispatch's
    /// overcommit threads instead.
    static func nextLine() async -> String? {
        await withCheckedContinuation { continuation in
            reader.async { continuation.resume(returning: readLine(strippingNewline: true)) }
        }
    }

    private static let reader = DispatchQueue(label: "gatehouse.app.standard-input")

    /// Everything until end of input, as UTF-8 text.
    static func readAll() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}
