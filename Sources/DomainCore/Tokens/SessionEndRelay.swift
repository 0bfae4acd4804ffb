public import Ports
import Synchronization

/// Who hears that the backend ended a session: ``SessionEnd`` in the app.
public protocol SessionEndListener: AnyObject, Sendable {
    /// The backend ended the session of `generation` (a refused token a
    /// refresh cannot cure, an inactive or deleted account), for `reason`.
    /// The token manager tells it once per generation, through its relay.
    func backendEndedSession(generation: SessionGeneration, reason: SignedOutReason) async
}

/// The edge from the ``TokenManager`` to the ``SessionEnd``. The two need
/// each other — the session end stops the token manager, and the token
/// manager tells the session end when the backend ended the session — so
/// neither can be the other's initialiser argument. The container makes this
/// relay first, gives it to the token manager's initialiser, and attaches
/// the session end once both are built, where it builds the graph. No
/// closure is stored: the listener is an object, held weakly, so the relay
/// keeps nothing alive.
public final class SessionEndRelay: Sendable {
    private let listener = Mutex(WeakSessionEndListener())

    /// A relay with no listener yet: what it is told goes nowhere until
    /// `attach(_:)`.
    public init() {}

    /// Makes `listener` the one that hears the ends from now on (the
    /// container does it once, after building both sides).
    public func attach(_ listener: any SessionEndListener) {
        self.listener.withLock { $0.value = listener }
    }

    /// Tells the listener, if there is one, and waits until it has acted.
    func backendEndedSession(generation: SessionGeneration, reason: SignedOutReason) async {
        let listener = self.listener.withLock { $0.value }
        await listener?.backendEndedSession(generation: generation, reason: reason)
    }
}

/// The listener, held weakly: the relay never keeps the session end alive.
private struct WeakSessionEndListener {
    weak var value: (any SessionEndListener)?
}
