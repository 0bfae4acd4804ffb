import Foundation
import Ports
import Synchronization

/// The sign-ins outside the app a scripted backend begins: each
/// `beginSignIn` takes the next `ScriptedAttempt` a test queued (none: the
/// method is refused as not offered), and counts the call.
final class ScriptedAttempts: Sendable {
    private let state = Mutex<(queued: [ScriptedAttempt], begun: Int)>(([], 0))

    func queue(_ attempt: ScriptedAttempt) {
        state.withLock { $0.queued.append(attempt) }
    }

    var begun: Int { state.withLock { $0.begun } }

    func next() -> ScriptedAttempt? {
        state.withLock { state in
            state.begun += 1
            return state.queued.isEmpty ? nil : state.queued.removeFirst()
        }
    }
}

/// One attempt a test drives: the person's answer is a promise of the
/// harness's scheduler (so a wait for it is parked work, and virtual time
/// can pass), each poll takes the next scripted answer and records when it
/// came (the clock's time), and `end()` ends a wait as cancelled.
final class ScriptedAttempt: ExternalSignInAttempt, CustomStringConvertible {
    /// A poll's scripted answer.
    enum Answer: Sendable {
        case pending(Duration)
        /// The server issues its tokens (`ScriptedServer.issueTokens`).
        case signedIn
        case refused(RemoteError)
    }

    let instructions: ExternalSignInInstructions
    private let server: ScriptedServer
    private let clock: any Clock
    private let person: any Promise<Result<Void, RemoteError>>
    private let state = Mutex<(answers: [Answer], pollTimes: [Date], ended: Int)>(([], [], 0))

    var description: String { "scripted sign-in attempt" }

    init(
        _ instructions: ExternalSignInInstructions, answers: [Answer], server: ScriptedServer, clock: any Clock,
        scheduler: any TaskScheduler
    ) {
        self.instructions = instructions
        self.server = server
        self.clock = clock
        person = scheduler.makePromise(of: Result<Void, RemoteError>.self)
        state.withLock { $0.answers = answers }
    }

    /// What the person does: `.success` signed in, a failure refused.
    func personAnswers(_ answer: Result<Void, RemoteError>) {
        person.complete(with: answer)
    }

    /// When each poll came, on the clock.
    var pollTimes: [Date] { state.withLock { $0.pollTimes } }
    /// How many times `end()` was called.
    var endings: Int { state.withLock { $0.ended } }

    func awaitPerson() async throws(RemoteError) {
        guard endings == 0 else { throw .signInRefused(.cancelled) }
        if case .enterCode = instructions { return }
        let answer = await withTaskCancellationHandler {
            await person.value
        } onCancel: {
            person.complete(with: .failure(.signInRefused(.cancelled)))
        }
        try answer.get()
    }

    func poll() async throws(RemoteError) -> ExternalSignInProgress {
        let answer: Answer? = state.withLock { state in
            guard state.ended == 0 else { return .refused(.signInRefused(.cancelled)) }
            state.pollTimes.append(clock.now())
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        switch answer {
        case .pending(let retryAfter): return .pending(retryAfter: retryAfter)
        case .signedIn: return .signedIn(await server.issueTokens())
        case .refused(let error): throw error
        case nil: throw .signInRefused(.notCompletedInTime)
        }
    }

    func end() async {
        state.withLock { $0.ended += 1 }
        person.complete(with: .failure(.signInRefused(.cancelled)))
    }
}
