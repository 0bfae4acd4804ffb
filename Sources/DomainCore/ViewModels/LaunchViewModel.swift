public import Observation

/// The start-up screen's model (Koober's `LaunchViewModel`,
/// docs/spec/root-screen-and-bootstrap.md §2): shows a spinner and starts the
/// app. It decides nothing; the launch use case does.
@MainActor
@Observable
public final class LaunchViewModel {
    @ObservationIgnored private let launcher: any LaunchUseCase

    /// A start-up screen that starts the app through `launcher`.
    ///
    /// - Parameter launcher: what `start()` runs.
    public init(launcher: any LaunchUseCase) {
        self.launcher = launcher
    }

    /// Starts the app through the launch use case; returns when it returns
    /// (the first screen decided, or the task cancelled).
    public func start() async {
        await launcher.launch()
    }
}
