/// One answered request, as the server's request log sees it: what was asked
/// and how it ended, never a header or a body (where tokens, passwords and
/// the API key travel), and the path without its query. Method and path are
/// as the client sent them but with any control character shown escaped
/// (`LogText`): the log is printed to a terminal, and a request must not
/// write to it.
public struct RequestLogEntry: Sendable, Equatable {
    /// The request's method, control characters escaped.
    public let method: String
    /// The request's path, the query cut off, control characters escaped.
    public let path: String
    /// The status answered; nil when the answer was dropped on purpose (a `drop` fault).
    public let status: Int?
    /// From the whole request read to the answer ready.
    public let duration: Duration

    public init(method: String, path: String, status: Int?, duration: Duration) {
        self.method = LogText.escapingControls(method)
        self.path = LogText.escapingControls(String(path.prefix { $0 != "?" }))
        self.status = status
        self.duration = duration
    }
}
