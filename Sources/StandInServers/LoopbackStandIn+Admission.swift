import Foundation
public import SimulatedBackend

extension LoopbackStandIn {
    /// What a stand-in does with a request once its route was admitted
    /// (`admit(_:on:refusal:errorStatus:)`).
    public enum Admission: Sendable {
        /// Serve the request; its answer travels as `delivery` says (nil:
        /// as it is), the stand-in setting it on the answer it serves.
        case serve(delivery: InMemoryBackend.Delivery?)
        /// Answer this instead of serving: the fault injected on the route.
        case answer(Answer)
    }

    /// Asks `backend` to admit a request on `route` (the backend counts it
    /// and hands over a fault injected there) and answers that fault. A
    /// broken connection, a 200 whose body is no JSON, and an error status
    /// with an empty or unreadable body are answered alike by every
    /// dialect, so here; the dialect words the rest: its refusals
    /// (`refusal`: a throttle, an outage, a server failure, in its own
    /// status and body) and an error status with its own error body
    /// (`errorStatus`). A stand-in then writes only its dialect:
    ///
    /// ```swift
    /// switch await LoopbackStandIn.admit(route.rawValue, on: backend,
    ///     refusal: { reason in .json(reason.status, ["message": "\(reason)"]) },
    ///     errorStatus: { status in .json(status, ["message": "failed"]) }) {
    /// case .answer(let answer): return answer
    /// case .serve(let delivery):
    ///     var answer = await serve(request)
    ///     answer.delivery = delivery
    ///     return answer
    /// }
    /// ```
    public static func admit(
        _ route: String, on backend: InMemoryBackend,
        refusal: @Sendable (InMemoryBackend.Refusal) -> Answer,
        errorStatus: @Sendable (Int) -> Answer
    ) async -> Admission {
        switch await backend.admit(route) {
        case .proceed: .serve(delivery: nil)
        case .deliver(let delivery): .serve(delivery: delivery)
        case .refusal(let reason): .answer(refusal(reason))
        case .drop: .answer(Answer(status: 0, body: Data(), drop: true))
        case .malformed: .answer(Answer(status: 200, body: unreadableBody))
        case .status(let status, .dialect): .answer(errorStatus(status))
        case .status(let status, .empty): .answer(Answer(status: status, body: Data()))
        case .status(let status, .unreadable): .answer(Answer(status: status, body: unreadableBody))
        }
    }

    /// What a proxy in front of a backend answers when the backend failed:
    /// a page, not the dialect's JSON.
    static let unreadableBody = Data("<html><body>Bad Gateway</body></html>".utf8)
}
