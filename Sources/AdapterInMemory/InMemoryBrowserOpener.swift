public import Foundation
public import Ports
import Synchronization

/// The browser tests and scripts plug in: it opens nothing, keeps the URLs
/// it was asked to open (what a test then "follows"), and answers as told.
/// It keeps the port's rule on which URLs may be opened.
public final class InMemoryBrowserOpener: BrowserOpener {
    private let state: Mutex<(opened: [URL], refusal: String?)>

    /// - Parameter refusal: when set, every open is `.notOpened` with it
    ///   (a machine without a browser); nil opens.
    public init(refusal: String? = nil) {
        state = Mutex(([], refusal))
    }

    /// The URLs opened so far, oldest first.
    public var opened: [URL] { state.withLock { $0.opened } }

    public func open(_ url: URL) async -> BrowserOpening {
        guard url.isOpenableInBrowser else { return .notOpened(reason: "not a web address the browser may open") }
        return state.withLock { state in
            if let refusal = state.refusal { return .notOpened(reason: refusal) }
            state.opened.append(url)
            return .opened
        }
    }
}
