public import Ports

/// `HealthProbe` for a backend with no health route (`from-calls`): the
/// server's health is what the app's own calls met, as `CallOutcomeRecorder`
/// keeps it. (`offline` is not its business: the health monitor asks the
/// connectivity probe before it asks this one.)
///
/// - `check()` answers `.healthy` while no call has failed — before any
///   call, too: it cannot know the server is down before something calls it —
///   and sends nothing.
/// - While the latest call met a transport failure, a timeout or a 5xx, a
///   check runs the light probe, if there is one, and answers what it met:
///   an answer of any kind (a 401 included) proves the server up again.
///   With no light probe a check answers `.healthy`, so that the app tries
///   again and its next call decides.
/// - Every change the calls bring is reported at once (`onReport`), so a
///   failing call marks the server down before its caller hears of it.
public struct CallOutcomeHealthProbe: HealthProbe {
    /// A check answers from what the app's calls met.
    public var source: HealthSource { .theAppsCalls }
    /// How a check may ask a server that failed whether it is back.
    public enum LightProbe: String, Sendable, Hashable, CaseIterable {
        /// The statement list without a token (the statement port's list): any
        /// answer that is not a 5xx (a 401 above all) proves the server up.
        case statementList = "statement-list"
        /// No request: a check lets the app try again, and its next call decides.
        case none
    }

    public let recorder: CallOutcomeRecorder
    private let lightProbe: (@Sendable () async -> Void)?

    /// A probe that reads `recorder`; `lightProbe` is sent by a check while
    /// the server is marked down, and must itself record its outcome in
    /// `recorder` (make it through an outcome-recording adapter).
    public init(recorder: CallOutcomeRecorder, lightProbe: (@Sendable () async -> Void)? = nil) {
        self.recorder = recorder
        self.lightProbe = lightProbe
    }

    /// The light probe `kind` over `statement` (an outcome-recording adapter).
    public static func lightProbe(
        _ kind: LightProbe, over statement: any StatementRemoteAPI
    ) -> (@Sendable () async -> Void)? {
        switch kind {
        case .none: return nil
        case .statementList:
            return {
                // The outcome is recorded by the adapter; the answer itself is not needed.
                _ = try? await statement.statement(token: AccessToken(""))
            }
        }
    }

    public func check() async throws(RemoteError) -> ServerHealth {
        guard recorder.view == .unreachable else { return .healthy }
        guard let lightProbe else { return .healthy }
        await lightProbe()
        return recorder.view == .unreachable ? .unhealthy : .healthy
    }

    public func onReport(_ handler: @escaping @Sendable (ServerHealth) async -> Void) {
        recorder.onChange { view in
            switch view {
            case .unknown: return
            case .answering: await handler(.healthy)
            case .unreachable: await handler(.unhealthy)
            }
        }
    }
}
