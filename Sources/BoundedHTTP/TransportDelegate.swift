import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession delegate of one `HTTPTransport`: hands what URLSession
/// reports of each task — the answer's head, each piece of its body, the end
/// — to that task's `HTTPExchange` as it happens, and applies
/// `RedirectPolicy`. With a delegate and no completion handler, URLSession
/// keeps none of the body itself: the exchange holds what there is, within
/// its limit. On Linux these methods run on URLSession's own queue as it
/// reads (`InlineOperationQueue`), one at a time, in the order the bytes
/// came: none of them may wait for that queue.
final class TransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Mutex<[Int: HTTPExchange]>([:])
    /// The challenges of a 401 (not a TLS server's, which Apple's URLSession
    /// also sends here, and which keep their default handling).
    private static let httpAuthentication = [
        NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault,
    ]

    /// Routes `task`'s reports to `exchange` until `forget(_:)`.
    func route(_ task: URLSessionTask, to exchange: HTTPExchange) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    /// The exchange has ended: whatever URLSession still reports of the task is dropped.
    func forget(taskIdentifier: Int) {
        _ = exchanges.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    private func exchange(of task: URLSessionTask) -> HTTPExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(
            RedirectPolicy.follow(task.originalRequest, to: request, taskDescription: task.taskDescription))
    }

    /// swift-corelibs-foundation ignores the disposition (it cannot pause the
    /// transfer there); an answer the exchange refuses is cancelled by it.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(of: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(of: dataTask)?.received(data)
    }

    /// A 401 asking for HTTP credentials (`WWW-Authenticate: Basic …`, as an
    /// OAuth 2.0 server answers a confidential client whose secret it
    /// refuses) goes to swift-corelibs-foundation's authentication, which,
    /// with no credential to offer, would wait there for ever. The answer is
    /// complete by then — it is the 401 — so it goes to the exchange as it
    /// is, and the challenge is cancelled from another thread
    /// (`URLSessionCalls`: cancelling waits for URLSession's queue, which
    /// may be this one).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard Self.httpAuthentication.contains(challenge.protectionSpace.authenticationMethod) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        exchange(of: task)?.completed(response: task.response, error: nil)
        URLSessionCalls.run { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(of: task)?.completed(response: task.response, error: error)
    }
}
