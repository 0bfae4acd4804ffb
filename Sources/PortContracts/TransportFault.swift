public import Ports

/// A hostile answer the transport of every remote adapter must refuse,
/// whatever its dialect (`RemoteCallFailure.transport`): the request is
/// served as usual and its answer is delivered so. An adapter that takes it
/// has no bound on an answer, or sends its request on to wherever a
/// redirect points.
public enum TransportFault: String, Sendable, Hashable, CaseIterable {
    /// The route's right answer, led by whitespace to 16 MiB, its
    /// `Content-Length` saying so.
    case answerPastTheBound
    /// The same bytes with no length said, the body ended by the connection
    /// closing: the bound must hold as the bytes arrive.
    case answerWithoutLengthPastTheBound
    /// A 307 to the same path on another origin that serves the same routes:
    /// a request that follows it takes its password, token or form there.
    case redirectToAnotherOrigin

    /// What `error` — nil when the call succeeded — breaks of the promise.
    public func problems(of error: RemoteError?) -> [String] {
        guard let error else {
            return [
                self == .redirectToAnotherOrigin
                    ? "the call followed a redirect to another origin, sending its request there"
                    : "the call took an answer of 16 MiB: the transport has no bound on an answer"
            ]
        }
        var problems: [String] = []
        if error.saysSomethingAboutThePerson {
            problems.append("\(rawValue) is the server's doing, never an answer about the person: \(error)")
        }
        if case .misconfigured = error { problems.append("\(rawValue) says nothing about the app's setup") }
        return problems
    }
}

/// What a server control throws for a `RemoteCallFailure.transport` it
/// cannot serve because the adapter under test speaks over no wire (an
/// in-memory adapter): the transport's promises do not apply there, and the
/// check ends with a warning saying so.
public struct NoWire: Error, Sendable, CustomStringConvertible {
    /// The error a control of an adapter over no wire throws.
    public init() {}

    /// Why the transport's promises do not apply.
    public var description: String { "the adapter speaks over no wire: the transport's promises do not apply" }
}
