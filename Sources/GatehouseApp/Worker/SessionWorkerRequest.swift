/// One line a session worker obeys (`SessionWorker`).
enum SessionWorkerRequest: Sendable, Equatable {
    /// Start the app (the start-up screen's launch); answers the screen reached.
    case launch
    /// Sign in with these credentials from the screen shown; answers the
    /// screen reached, or the kind of refusal.
    case signIn(SessionWorkerSteps.SignIn)
    /// One authorised call through the token manager; answers `ok` or the failure.
    case call
    /// The same call, its answer followed by how long the call took in
    /// whole microseconds (`ok 1234us`), for the bench.
    case timedCall
    /// Log out as the dashboard's button does; answers the screen reached.
    case logout
    /// The session's state, the screen and whether the store holds a session.
    case state
    /// End the app and the process.
    case quit

    /// Why a line is no request: said back to the sender, never echoing the
    /// line (it may hold a password).
    struct Problem: Error, Equatable {
        let text: String
    }

    /// The request a line names.
    static func parse(_ line: String) -> Result<SessionWorkerRequest, Problem> {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let word = words.first else { return .failure(Problem(text: "empty line")) }
        let simple: [String: SessionWorkerRequest] = [
            "launch": .launch, "call": .call, "timed-call": .timedCall, "logout": .logout, "state": .state,
            "quit": .quit,
        ]
        if let request = simple[word] {
            guard words.count == 1 else { return .failure(Problem(text: "\(word) takes no operand")) }
            return .success(request)
        }
        guard word == "sign-in" else {
            return .failure(
                Problem(text: "unknown request: use launch, sign-in, call, timed-call, logout, state or quit"))
        }
        guard words.count == 3, let credentials = SessionWorkerSteps.SignIn(identifier: words[1], password: words[2])
        else {
            return .failure(Problem(text: "sign-in takes a CPF or an e-mail and a password"))
        }
        return .success(.signIn(credentials))
    }
}
