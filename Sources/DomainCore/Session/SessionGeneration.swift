/// Which signed-in session a write, a refresh or a call belongs to. Only
/// `UserSessionRepository` makes new ones (`beginGeneration()`, and every
/// expiry or end of a session): the token manager and the use-case objects
/// (`SignIn`, `SessionEnd`, `SessionDecisions`, …) receive them and compare, so that work finishing for a session that has since
/// ended — a refresh landing after logout — is recognised and dropped.
public struct SessionGeneration: Sendable, Hashable {
    private let number: UInt64

    /// Before any session: what a fresh repository holds.
    static let initial = SessionGeneration(number: 0)

    /// The generation after this one (the repository's alone to call).
    func next() -> SessionGeneration {
        SessionGeneration(number: number &+ 1)
    }
}
