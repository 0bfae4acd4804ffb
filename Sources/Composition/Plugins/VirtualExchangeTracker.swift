import AdapterHTTP
import BoundedHTTP
import TaskRuntime

/// Lends the count of a virtual-time task to each HTTP request it sends, so an
/// in-process `ReferenceServer` sharing the app's `VirtualActivity` can park
/// the request on virtual time without the app looking busy
/// (`VirtualActivity.lend`). A server that knows nothing of it ignores the header.
struct VirtualExchangeTracker: HTTPExchangeTracker {
    let activity: VirtualActivity

    func willSend() -> HTTPExchangeTag? {
        activity.lend().map { HTTPExchangeTag(headerName: VirtualActivity.handoffHeader, headerValue: String($0)) }
    }

    func didEnd(_ tag: HTTPExchangeTag) {
        guard let id = UInt64(tag.headerValue) else { return }
        activity.takeBack(id)
    }
}
