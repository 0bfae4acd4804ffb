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
    func willSend() -> HTTPExchangeTag?
    func didEnd(_ tag: HTTPExchangeTag)
}

/// A header that tags one request for an `HTTPExchangeTracker`.
public struct HTTPExchangeTag: Sendable, Hashable {
    public let headerName: String
    public let headerValue: String

    public init(headerName: String, headerValue: String) {
        self.headerName = headerName
        self.headerValue = headerValue
    }
}
