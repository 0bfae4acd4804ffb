public import Observation

/// The start-up screen's model (Koober's `LaunchViewModel`,
/// docs/spec/root-screen-and-bootstrap.md §2): shows a spinner and starts the
/// app. It decides nothing; the launch use case does.
@MainActor
@Observable
public final class LaunchViewModel {
    @ObservationIgnored private let launcher: any LaunchUseCase

    public init(launcher: any LaunchUseCase) {
        self.launcher = launcher
    }

    public func start() async {
        await launcher.launch()
    }
}
