import Foundation
import Ports
import Synchronization

/// The logouts in the browser a scripted backend begins: each
/// `beginBrowserSignOut` records the token it was given and takes the next
/// outcome a test queued (none: no browser step, as a backend without an
/// end-session endpoint).
final class ScriptedBrowserSignOuts: Sendable {
    enum Queued: Sendable {
        case attempt(ScriptedBrowserSignOut)
        case failure(RemoteError)
    }

    private let state = Mutex<(queued: [Queued], tokens: [SessionToken])>(([], []))

    func queue(_ queued: Queued) {
        state.withLock { $0.queued.append(queued) }
    }

    /// The tokens `beginBrowserSignOut` was given, oldest first.
    var tokens: [SessionToken] { state.withLock { $0.tokens } }

    func begin(_ token: SessionToken) throws(RemoteError) -> (any BrowserSignOutAttempt)? {
        let next: Queued? = state.withLock { state in
            state.tokens.append(token)
            return state.queued.isEmpty ? nil : state.queued.removeFirst()
        }
        switch next {
        case nil: return nil
        case .attempt(let attempt): return attempt
        case .failure(let error): throw error
        }
    }
}

/// One logout in the browser a test drives: the browser coming back is a
/// promise of the harness's scheduler (so the wait is parked work and
/// virtual time can pass); `end()` ends a wait as `.ended`.
final class ScriptedBrowserSignOut: BrowserSignOutAttempt {
    let url: URL
    private let browserCameBack: any Promise<Result<Void, BrowserSignOutError>>
    private let endings = Mutex(0)

    init(url: URL, scheduler: any TaskScheduler) {
        self.url = url
        browserCameBack = scheduler.makePromise(of: Result<Void, BrowserSignOutError>.self)
    }

    /// What the browser does: `.success` came back with the right state.
    func browserAnswers(_ answer: Result<Void, BrowserSignOutError>) {
        browserCameBack.complete(with: answer)
    }

    /// How many times `end()` was called.
    var ended: Int { endings.withLock { $0 } }

    func awaitPerson() async throws(BrowserSignOutError) {
        guard ended == 0 else { throw .ended }
        let answer = await withTaskCancellationHandler {
            await browserCameBack.value
        } onCancel: {
            browserCameBack.complete(with: .failure(.ended))
        }
        try answer.get()
    }

    func end() async {
        endings.withLock { $0 += 1 }
        browserCameBack.complete(with: .failure(.ended))
    }
}
