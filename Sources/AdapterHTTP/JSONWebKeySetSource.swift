import BoundedHTTP
import Foundation
import Ports
import Synchronization

/// The provider's key set as the OAuth 2.0 adapter holds it: fetched on
/// first use, kept for the adapter's lifetime, and fetched again when a
/// token names a key the set lacks (the provider rotated its keys) — at
/// most once per `minimumRefetchInterval`, so a stream of tokens naming
/// unknown keys cannot make the app hammer the provider. A failed fetch is
/// not kept: the next sign-in asks again.
final class JSONWebKeySetSource: Sendable {
    /// The least time between two fetches for an unknown key: one minute.
    static let minimumRefetchInterval: TimeInterval = 60

    private let transport: HTTPTransport
    private let held = Mutex<(keys: JSONWebKeySet, fetchedAt: Date)?>(nil)
    private let fetches = Mutex(0)

    init(transport: HTTPTransport) {
        self.transport = transport
    }

    /// How many times the set was fetched (for tests and the bench).
    var fetchCount: Int { fetches.withLock { $0 } }

    /// The keys that may have signed `token`: the set held, or fetched now;
    /// fetched again once when the set lacks the token's key and the last
    /// fetch is old enough.
    ///
    /// - Throws: `.keySetNotFetched` when no answer came, `.keySetUnavailable`
    ///   when the answer is no key set.
    func keys(for token: IDToken, check: IDTokenSignatureCheck, at path: String, now: Date)
        async throws(IDTokenRejection)
        -> JSONWebKeySet
    {
        if let (keys, fetchedAt) = held.withLock({ $0 }) {
            if check.knowsKey(of: token, in: keys) || now.timeIntervalSince(fetchedAt) < Self.minimumRefetchInterval {
                return keys
            }
        }
        let keys = try await fetch(path)
        held.withLock { $0 = (keys, now) }
        return keys
    }

    private func fetch(_ path: String) async throws(IDTokenRejection) -> JSONWebKeySet {
        fetches.withLock { $0 += 1 }
        var request = HTTPRequest(method: "GET", path: path, limit: .jsonWebKeySet)
        // The API key is the wire contract's; an OpenID provider has none.
        request.sendsAPIKey = false
        // The keys come from the provider's own address only.
        request.forbidsRedirect = true
        let answer: (status: Int, body: Data)
        do {
            answer = try await transport.send(request)
        } catch {
            throw .keySetNotFetched(error)
        }
        guard (200..<300).contains(answer.status), let keys = try? JSONWebKeySet(reading: answer.body) else {
            throw .keySetUnavailable
        }
        return keys
    }
}
