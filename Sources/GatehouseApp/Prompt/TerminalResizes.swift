import Dispatch
import Foundation

import OperatingSystem

/// The terminal's resizes (SIGWINCH), each one a call of `onResize` on the
/// main actor, from `init` until `stop()`. The width itself is read at every
/// drawing (`TerminalWidth`): this only says when to draw again.
@MainActor
final class TerminalResizes {
    private let source: any DispatchSourceSignal

    init(onResize: @escaping @MainActor () -> Void) {
        // Taken from the default action (which ignores it) so the signal
        // reaches the source, on every platform's dispatch.
        signal(SIGWINCH, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { onResize() } }
        source.resume()
    }

    func stop() {
        source.cancel()
        signal(SIGWINCH, SIG_DFL)
    }
}
