public import Ports

/// What a refresh made as a transaction of every process sharing the store
/// came to (`UserSessionRepository.refreshShared`).
public enum SharedRefreshOutcome: Sendable, Hashable {
    /// This process refreshed: `token` is the new one, saved unless `saved`
    /// is false (the store refused the write).
    case refreshed(SessionToken, saved: Bool)
    /// Another process had refreshed this session already: its token (and
    /// the user it stored), taken as this process's; no request was made.
    case adopted(SessionToken, cachedUser: CachedUser?)
    /// Another process ended this session — a logout, an expiry, a newer
    /// sign-in: no request was made and nothing written.
    case endedElsewhere
    /// Another live process holds the store's lock (`SessionStoreError.busy`)
    /// and may be refreshing this very token: no request was made and
    /// nothing written; the session stays as it was.
    case busyElsewhere(SessionLockHolder)
    /// The refresh call failed (its error), or the session of this
    /// generation ended in this process meanwhile (nil): nothing written.
    case failed(RemoteError?)

    init(_ result: Result<SessionToken, RemoteError>, saved: Bool) {
        switch result {
        case .success(let token): self = .refreshed(token, saved: saved)
        case .failure(let error): self = .failed(error)
        }
    }

    /// Whether a refresh request reached for the backend: only then does
    /// the refresh cap count it (a failed call counts: it was sent).
    var sentARequest: Bool {
        switch self {
        case .refreshed, .failed(.some): true
        case .adopted, .endedElsewhere, .busyElsewhere, .failed(.none): false
        }
    }
}

/// What a write over this process's own session came to.
public enum SharedSessionWrite: Sendable, Hashable {
    /// It went through.
    case written
    /// The store refused it, or the session of its generation had ended in
    /// this process before its turn.
    case notWritten
    /// Another process ended the session (logout, expiry, a newer sign-in):
    /// nothing was written, so what it left stays.
    case endedElsewhere
    /// Another live process holds the store's lock: nothing was written —
    /// alone, the write could put back a token that process just replaced —
    /// and no failure to save is said: nothing failed, the store is intact.
    case busyElsewhere
}

/// A write a transaction makes: a whole session, or none.
enum StoredSessionChange: Sendable {
    case save(UserSession)
    case delete

    func apply(to store: any SessionDataStore) async throws(SessionStoreError) {
        switch self {
        case .save(let session): try await store.save(session)
        case .delete: try await store.delete()
        }
    }
}

/// Whose the stored session is, seen by a process holding `held`.
enum SharedSessionCheck {
    /// The very token held: nobody wrote since.
    case own
    /// A newer token of the same sign-in: another process refreshed it. It
    /// carries the ID token held here, not the store's: an ID token is the
    /// sign-in's, proved at launch or taken at the sign-in itself, and a
    /// token another process wrote could carry one the provider never
    /// signed (a refresh brings none: `TokenPolicy` keeps the sign-in's).
    case newer(SessionToken)
    /// Gone, set aside, expired, or another sign-in's: the session held
    /// ended elsewhere.
    case ended
    /// The store could not be read: nobody can tell.
    case unknown

    init(_ read: SessionRead, holding held: SessionToken) {
        switch read {
        case .unavailable: self = .unknown
        case .absent, .setAside: self = .ended
        case .found(let stored):
            guard let token = stored.token, token.isSameSession(as: held) else {
                self = .ended
                return
            }
            let unchanged = token.token == held.token && token.refreshToken == held.refreshToken
            var newer = token
            newer.idToken = held.idToken
            self = unchanged ? .own : .newer(newer)
        }
    }
}

extension SessionRead {
    /// The session found, if any.
    var session: UserSession? {
        if case .found(let session) = self { return session }
        return nil
    }
}
