/// Follows each request out and back for a virtual-time runner, so that a
/// request an in-process server holds (on virtual time, or in a hang) counts
/// as waiting rather than busy. Nothing else needs one; the adapters work the
/// same without it.
///
/// Contract: `willSend` is called by the requesting task just before the
/// request leaves and may tag it with a header; `didEnd` is called exactly
/// once per tag — by the requesting task when the answer or failure arrives,
/// or synchronously by whoever cancels the task, before the task can run.
public protocol HTTPExchangeTracker: Sendable {
    /// A request is about to leave: the header to tag it with, or nil to
    /// leave it untagged (`didEnd` is then not called for it).
    func willSend() -> HTTPExchangeTag?
    /// The request tagged `tag` is over: answered, failed or cancelled.
    func didEnd(_ tag: HTTPExchangeTag)
}

/// A header that tags one request for an `HTTPExchangeTracker`.
public struct HTTPExchangeTag: Sendable, Hashable {
    /// The header's name.
    public let headerName: String
    /// The header's value, which tells this request from the others.
    public let headerValue: String

    /// A tag sent as `headerName: headerValue`.
    public init(headerName: String, headerValue: String) {
        self.headerName = headerName
        self.headerValue = headerValue
    }
}
