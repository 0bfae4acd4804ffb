/// What a holder of a session store's lock took it for — written where a
/// waiter can read it (the file keychain's lease), so that a process that
/// cannot take the lock knows whether the holder may be sending the
/// session's refresh token right now. The waiter's conduct is the same
/// either way (`SessionStoreError.busy`: keep what was read, send
/// nothing); the purpose tells a person, or a log, what the wait is for.
public enum SessionLockPurpose: String, Sendable, Hashable, CaseIterable {
    /// A token refresh: the holder reads the stored session, may send its
    /// refresh token and saves what the backend answers, all under the lock.
    case refreshing
    /// A write with no network call inside: a save, a delete, a profile
    /// saved over the session, a file set aside.
    case writing
}
