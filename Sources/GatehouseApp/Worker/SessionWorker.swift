import Composition
import Foundation

/// `app session-worker`, a hidden command: the app composed as a person gets
/// it (the environment `--env` names: `local`, `cora-local` or a file based on
/// them, with their URLSession adapters and file keychain), driven one line
/// at a time on stdin and answering exactly one line on stdout for each —
/// what the tests and the bench start several of, on one store directory, to
/// play an app and its extensions (issue 29). Never listed in help: it is a
/// test harness, not a way to use the app.
///
/// The words (`SessionWorkerRequest`): `launch`, `sign-in ID PASSWORD`,
/// `call`, `timed-call`, `logout`, `state`, `quit`. No answer ever carries a
/// token or a password; a failure is named by its kind and the contract's
/// code only.
@MainActor
struct SessionWorker {
    /// The hidden command's word.
    nonisolated static let commandWord = "session-worker"

    let app: HeadlessApp
    let lines: @MainActor () async -> SessionWorkerInput.Line
    let answer: @MainActor (String) -> Void

    /// Obeys lines until `quit` or the end of input, then ends the app.
    func run() async -> Int32 {
        while true {
            let request: SessionWorkerRequest
            switch await lines() {
            case .end:
                await app.shutDown()
                return ExitCode.success
            case .tooLong:
                answer("error line too long")
                continue
            case .text(let text):
                switch SessionWorkerRequest.parse(text) {
                case .success(let parsed): request = parsed
                case .failure(let problem):
                    answer("error \(problem.text)")
                    continue
                }
            }
            if request == .quit {
                await app.shutDown()
                answer("bye")
                return ExitCode.success
            }
            answer(await perform(request))
        }
    }

    /// Carries out one request and says what came of it, in one line.
    func perform(_ request: SessionWorkerRequest) async -> String {
        switch request {
        case .launch:
            await app.launch()
            return "screen \(app.snapshot().name)"
        case .signIn(let credentials):
            let refusal = await SessionWorkerSteps.signIn(credentials, in: app.container)
            await app.world.settle()
            return refusal ?? "screen \(app.snapshot().name)"
        case .call:
            return await call().outcome
        case .timedCall:
            let (outcome, took) = await call()
            let parts = took.components
            return "\(outcome) \(parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000)us"
        case .logout:
            await app.container.sessionEnd.logout()
            await app.world.settle()
            return "screen \(app.snapshot().name)"
        case .state:
            let stored = await app.hasStoredSession().map { $0 ? "yes" : "no" } ?? "unreadable"
            return "state \(app.stateName) screen \(app.snapshot().name) stored-session \(stored)"
        case .quit:
            return "bye"
        }
    }

    /// One authorised call (`SessionWorkerSteps.call`), settled after: what
    /// it set off (a session the backend ended) is on screen before the answer.
    private func call() async -> (outcome: String, took: Duration) {
        let result = await SessionWorkerSteps.call(in: app.container)
        await app.world.settle()
        return result
    }
}
