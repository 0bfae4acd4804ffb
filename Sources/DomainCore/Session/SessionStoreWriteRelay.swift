import Synchronization

/// Who hears how each write of the session store went: ``AuthSession`` in
/// the app, which shows a store that cannot save or delete to the user.
public protocol SessionStoreWriteListener: AnyObject, Sendable {
    /// A write of the session store ran: nil when it went through, the
    /// problem when the store refused it.
    func sessionStoreWriteEnded(_ problem: SessionStorageProblem?) async
}

/// The edge from the ``UserSessionRepository`` to the ``AuthSession``. The
/// repository is built before the session state (the token manager, and so
/// the proactive refresh the state starts and stops, need it), so the state
/// cannot be its initialiser argument. The container makes this relay
/// first, gives it to the repository's initialiser, and attaches the session
/// state once it is built, where it builds the graph. No closure is stored:
/// the listener is an object, held weakly, so the relay keeps nothing alive.
public final class SessionStoreWriteRelay: Sendable {
    private let listener = Mutex(WeakStoreWriteListener())

    /// A relay with no listener yet: what it is told goes nowhere until
    /// `attach(_:)`.
    public init() {}

    /// Makes `listener` the one that hears each write's outcome from now on
    /// (the container does it once, after building both sides).
    public func attach(_ listener: any SessionStoreWriteListener) {
        self.listener.withLock { $0.value = listener }
    }

    /// Tells the listener, if there is one, how a write went.
    func writeEnded(_ problem: SessionStorageProblem?) async {
        let listener = self.listener.withLock { $0.value }
        await listener?.sessionStoreWriteEnded(problem)
    }
}

/// The listener, held weakly: the relay never keeps the session state alive.
private struct WeakStoreWriteListener {
    weak var value: (any SessionStoreWriteListener)?
}
