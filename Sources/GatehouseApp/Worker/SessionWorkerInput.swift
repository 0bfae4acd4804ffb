import Dispatch
import Foundation
import Synchronization

import OperatingSystem

/// The session worker's stdin, a line at a time and bounded: a line longer
/// than `longestLine` bytes is dropped whole (said as `.tooLong`) rather than
/// held in memory. Read off the main thread, so the app's work on the main
/// actor goes on while the worker waits for its next request.
final class SessionWorkerInput: Sendable {
    enum Line: Sendable, Equatable {
        case text(String)
        case tooLong
        case end
    }

    /// Requests are a few words; a CPF, an e-mail and a password fit many times over.
    static let longestLine = 1_024

    private let descriptor: Int32
    /// The bytes read past the last line; touched only on `queue`, one read at a time.
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "session-worker.stdin")

    private struct State {
        var pending: [UInt8] = []
        var discarding = false
        var ended = false
    }

    /// Closes every descriptor the worker inherited beyond the standard
    /// three, before it opens any of its own: the process that started it
    /// may have sockets open (a test process has other tests'), and a copy
    /// living on here would keep those connections open after their owner
    /// closed them (as `session-store-stress` does, for the same reason).
    static func closeInheritedDescriptors() {
        Platform.closeInheritedDescriptors()
    }

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// The next line, without its newline.
    func next() async -> Line {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.readLine()) }
        }
    }

    private func readLine() -> Line {
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let found: Line? = state.withLock { state in
                if let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Array(state.pending[..<newline])
                    state.pending.removeSubrange(...newline)
                    if state.discarding {
                        state.discarding = false
                        return .tooLong
                    }
                    return line.count > Self.longestLine ? .tooLong : .text(String(decoding: line, as: UTF8.self))
                }
                if state.pending.count > Self.longestLine {
                    state.pending.removeAll()
                    state.discarding = true
                }
                return state.ended ? .end : nil
            }
            if let found { return found }
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            state.withLock { state in
                if count <= 0 { state.ended = true } else { state.pending.append(contentsOf: chunk[0..<count]) }
            }
        }
    }
}
