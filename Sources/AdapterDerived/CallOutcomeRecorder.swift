public import Ports
import Synchronization

/// What the app's own remote calls met, for a backend with no health route:
/// the recording decorators tell it how each call ended, and
/// `CallOutcomeHealthProbe` reads it and reports its changes.
///
/// - A transport failure, a timeout or a 5xx marks the server unreachable.
/// - Any other outcome — a success, a 4xx, even a body that breaks the
///   contract — is an answer, and an answer proves the server is up.
/// - A call whose task was cancelled proves nothing and is not recorded (the
///   app gave up on it; the server was not found wanting).
/// - Before any call it knows nothing (`unknown`).
public final class CallOutcomeRecorder: Sendable {
    /// The server as the calls so far have found it.
    public enum View: String, Sendable, Hashable {
        /// No call has ended yet.
        case unknown
        /// The latest call that ended got an answer.
        case answering
        /// The latest call that ended met a transport failure, a timeout or a 5xx.
        case unreachable
    }

    public typealias ChangeHandler = @Sendable (View) async -> Void

    private struct State {
        var view = View.unknown
        var handler: ChangeHandler?
    }

    private let state = Mutex(State())

    public init() {}

    /// The server as the calls so far have found it.
    public var view: View { state.withLock { $0.view } }

    /// Sets who hears each change of `view` (the health probe).
    public func onChange(_ handler: @escaping ChangeHandler) {
        state.withLock { $0.handler = handler }
    }

    /// Whether `error` says the server could not be reached or failed itself.
    public static func meansUnreachable(_ error: RemoteError) -> Bool {
        switch error {
        case .transport, .timeout: return true
        case .rejected(let status, _, _): return status >= 500
        case .malformedResponse, .misconfigured, .signInRefused: return false
        }
    }

    /// Makes `call`, records how it ended, and tells the handler of a change
    /// before returning (or rethrowing) the call's own outcome.
    public func recording<Value: Sendable>(
        _ call: () async throws(RemoteError) -> Value
    ) async throws(RemoteError) -> Value {
        do {
            let value = try await call()
            await record(.answering)
            return value
        } catch {
            if !Task.isCancelled { await record(Self.meansUnreachable(error) ? .unreachable : .answering) }
            throw error
        }
    }

    /// Records `view` as the latest outcome; tells the handler when it changed.
    public func record(_ view: View) async {
        let changed: ChangeHandler? = state.withLock { state in
            guard state.view != view else { return nil }
            state.view = view
            return state.handler
        }
        await changed?(view)
    }
}
