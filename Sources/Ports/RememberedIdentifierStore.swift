/// Keeps the identifier the person asked the app to remember for the next
/// sign-in — their CPF, formatted, or the e-mail of a user known only by
/// e-mail. A CPF is personal data, so it is kept with the session's sensitive
/// data (the app's keychain), not with the preferences (its user defaults),
/// which keep only the switch "remember it" (docs/threat-model.md).
///
/// It must outlast a logout, which deletes the session, so it is a port of
/// its own beside the session store, not part of the session; and it must
/// not outlast the account: deleting the account forgets it.
///
/// Rules for every adapter:
/// - `remember(x)` then `read()` answers `x`, in this launch and the next,
///   until `forget()` or another `remember`; `forget()` then `read()` answers
///   nil. Forgetting when nothing is remembered succeeds.
/// - It keeps an identifier `Preferences.isUsableIdentifier` accepts and
///   nothing else: `remember` refuses any other with `.unavailable`,
///   changing nothing, and `read` answers nil for stored content that is no
///   such identifier (never hostile text for a screen).
/// - `read` never throws: storage that cannot be read answers nil (the
///   sign-in then starts empty, which loses nothing but a keystroke).
/// - It holds the identifier and nothing else: never a password or a token.
public protocol RememberedIdentifierStore: Sendable {
    /// The remembered identifier; nil when none is, or it cannot be read.
    func read() async -> String?

    /// Remembers `identifier`, replacing any other.
    ///
    /// - Throws: `SessionStoreError` when it cannot be written, or is no
    ///   identifier `Preferences.isUsableIdentifier` accepts.
    func remember(_ identifier: String) async throws(SessionStoreError)

    /// Forgets the remembered identifier.
    ///
    /// - Throws: `SessionStoreError` when it cannot be removed.
    func forget() async throws(SessionStoreError)
}
