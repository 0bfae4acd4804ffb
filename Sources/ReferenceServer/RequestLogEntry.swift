/// One answered request, as the server's request log sees it: what was asked
/// and how it ended, never a header or a body (where tokens, passwords and
/// the API key travel), and the path without its query.
public struct RequestLogEntry: Sendable, Equatable {
    public let method: String
    /// The request's path, the query cut off.
    public let path: String
    /// The status answered; nil when the answer was dropped on purpose (a `drop` fault).
    public let status: Int?
    /// From the whole request read to the answer ready.
    public let duration: Duration

    public init(method: String, path: String, status: Int?, duration: Duration) {
        self.method = method
        self.path = String(path.prefix { $0 != "?" })
        self.status = status
        self.duration = duration
    }
}
