import Composition
import DomainCore
import Foundation
import Ports

/// What an `app session-worker` does to its app beyond driving screens:
/// signing in with given credentials and one authorised call through the
/// token manager, each said in one line.
@MainActor
enum SessionWorkerSteps {
    /// The credentials of a `sign-in ID PASSWORD` line, the password kept
    /// redacted (`Password`): never printed, whatever prints the request.
    struct SignIn: Sendable, Equatable {
        let credentials: Credentials

        /// Nil when the identifier is neither a CPF nor an e-mail.
        init?(identifier: String, password: String) {
            guard let parsed = LoginIdentifier(parsing: identifier) else { return nil }
            credentials = Credentials(identifier: parsed, password: Password(password))
        }
    }

    /// Signs in through the app's sign-in use case; nil when it succeeded,
    /// else the kind of refusal (never the identifier or the password).
    static func signIn(_ signIn: SignIn, in container: AppContainer) async -> String? {
        switch await container.signIn.login(signIn.credentials) {
        case .success: nil
        case .failure(let failure): "refused \(failure)"
        }
    }

    /// One authorised call through the token manager — the statement, which
    /// every backend a worker plays serves (the Cora API has no
    /// `/users/me`) — as the dashboard's pull to refresh makes it: refreshed
    /// first when due, retried once after a refresh when its token is
    /// refused. Returns `ok` or the failure's kind and code, and how long the
    /// call took.
    static func call(in container: AppContainer) async -> (outcome: String, took: Duration) {
        let statement = container.world.remote.statement
        let started = ContinuousClock.now
        let outcome: String
        do {
            _ = try await container.tokenManager.authorized { token async throws(RemoteError) in
                try await statement.statement(token: token)
            }
            outcome = "ok"
        } catch {
            outcome = name(of: error)
        }
        return (outcome, ContinuousClock.now - started)
    }

    /// The failure's kind and code, never its text.
    static func name(of error: AuthorizedCallError) -> String {
        switch error {
        case .remote(let remote):
            "failed \(remote.code?.rawValue ?? "status-\(remote.status.map(String.init) ?? "none")")"
        case .sessionEnded(let reason): "session-ended \(reason.rawValue)"
        case .notSignedIn: "not-signed-in"
        case .refreshLimitReached: "refresh-limit-reached"
        case .sessionBusyElsewhere: "session-busy-elsewhere"
        }
    }
}
