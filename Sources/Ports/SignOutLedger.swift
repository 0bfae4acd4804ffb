/// Remembers, across launches, that the user signed out while the session
/// store still held their session — so the next launch finishes the sign-out
/// before it reads anything, and never opens that session as signed in.
///
/// It is a port of its own, apart from `SessionDataStore`, because it must
/// keep working when the store does not: the moment it matters is a delete
/// the store just refused. Each adapter keeps its mark beside the store the
/// environment chose, but not through it (a marker file written with plain
/// POSIX calls next to the file keychain; a flag the in-memory world keeps
/// across relaunches).
///
/// Rules for every adapter:
/// - `markPending` then `isPending` is true, in this launch and the next,
///   until `clear`; `clear` then `isPending` is false. Marking twice or
///   clearing an empty ledger succeeds.
/// - A ledger that cannot be read answers `isPending` true: not knowing
///   whether the user signed out is never taken for "they did not" (the
///   price is one sign-in too many).
/// - It holds a yes or no and nothing else: never a token, never a user.
public protocol SignOutLedger: Sendable {
    /// Whether a sign-out is waiting to be finished.
    func isPending() async -> Bool

    /// Records that a sign-out has begun and is not finished until `clear`.
    ///
    /// - Throws: `SessionStoreError` when the mark cannot be written.
    func markPending() async throws(SessionStoreError)

    /// Records that no sign-out is waiting: the session it was about is gone
    /// from the store, or replaced by a newer one.
    ///
    /// - Throws: `SessionStoreError` when the mark cannot be removed.
    func clear() async throws(SessionStoreError)
}
