public import Observation

/// The start-up screen's model (Koober's `LaunchViewModel`, FSD 000 §4): shows
/// a spinner and starts the bootstrap. It decides nothing; `AuthSession` does.
@MainActor
@Observable
public final class LaunchViewModel {
    @ObservationIgnored private let authSession: AuthSession

    public init(authSession: AuthSession) {
        self.authSession = authSession
    }

    public func start() async {
        await authSession.bootstrap()
    }
}
