public import Observation

/// The start-up screen's model (Koober's `LaunchViewModel`, FSD 000 §4): shows
/// a spinner and starts the app. It decides nothing; the launch use case does.
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
