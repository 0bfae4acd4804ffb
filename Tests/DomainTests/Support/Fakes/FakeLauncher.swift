import DomainCore

/// Counts launches.
@MainActor
final class FakeLauncher: LaunchUseCase {
    private(set) var launches = 0

    func launch() async { launches += 1 }
}
