import Foundation
import Synchronization

/// Another origin (another port of 127.0.0.1) for a check that a client
/// does not follow a redirect there: the stand-in serves the request as
/// usual, holds its answer here, and answers a 307 to here instead. A client
/// that follows the redirect — whatever it sends on, body or none — is
/// handed the held answer, so following it is a success the check sees;
/// one that does not follow it is left with the 307.
public final class AnotherOrigin: Sendable {
    /// `http://127.0.0.1:<port>`, another port than the stand-in's.
    public let root: String
    private let server: LoopbackStandIn
    private let held = HeldAnswers()

    /// Listens on another ephemeral port of 127.0.0.1.
    public init() throws(LoopbackStandIn.StandInError) {
        server = try LoopbackStandIn()
        root = server.root
        let held = self.held
        server.start { _ in held.next() ?? LoopbackStandIn.Answer(status: 404, body: Data()) }
    }

    /// Hands `answer` to the next request that comes here.
    public func hold(_ answer: LoopbackStandIn.Answer) {
        held.add(answer)
    }
}

/// The answers held for the requests to come, first in first out.
private final class HeldAnswers: Sendable {
    private let answers = Mutex<[LoopbackStandIn.Answer]>([])

    func add(_ answer: LoopbackStandIn.Answer) { answers.withLock { $0.append(answer) } }

    func next() -> LoopbackStandIn.Answer? {
        answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
