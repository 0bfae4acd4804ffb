import DomainCore

/// Counts the ways back to welcome.
@MainActor
final class FakeWelcomeNavigator: GoToWelcomeNavigator {
    private(set) var navigationsToWelcome = 0

    func navigateToWelcome() { navigationsToWelcome += 1 }
}
