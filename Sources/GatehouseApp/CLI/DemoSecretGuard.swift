import Composition
import Foundation
import CompositionTesting

/// The demo's secret check, the same `SecretCheck` `app run` applies: the
/// secrets the backend knows of (issued tokens, account passwords), the token
/// the app holds, and what the tour typed into a password field. A screen that
/// shows one stops the tour; whatever is printed has them replaced by their
/// kind (`‹token›`).
@MainActor
final class DemoSecretGuard {
    private let world: AppWorld
    private var backendSecrets: [KnownSecret] = []
    private var typed: [KnownSecret] = []
    private var heldTokens: Set<String> = []
    private var check = SecretCheck([])

    init(world: AppWorld) {
        self.world = world
    }

    /// Asks the backend which secrets it knows of now (new tokens appear as
    /// it issues them), and notes the token the app holds.
    func refresh() async {
        backendSecrets = await world.control?.knownSecrets() ?? []
        if case .found(let session) = await world.store.read(), let token = session.token {
            heldTokens.insert(token.token.reveal())
            if let refreshToken = token.refreshToken { heldTokens.insert(refreshToken.reveal()) }
            if let idToken = token.idToken { heldTokens.insert(idToken.reveal()) }
        }
        rebuild()
    }

    /// A secret typed into a password field is one the output must not show.
    func remember(typed text: String) {
        guard text.count >= SecretCheck.shortestTypedSecret else { return }
        typed.append(KnownSecret(.password, text))
        rebuild()
    }

    /// The kind of the first secret `text` shows, said for a person, or nil.
    func leak(in text: String) -> String? {
        check.leaks(in: text).first.map { ($0 == .apiKey ? "an " : "a ") + $0.rawValue }
    }

    func redacted(_ text: String) -> String { check.redacted(text) }

    private func rebuild() {
        var secrets = backendSecrets + typed + heldTokens.map { KnownSecret(.token, $0) }
        for variable in world.registry.secretVariables(in: world.environment) {
            if let key = ProcessInfo.processInfo.environment[variable], !key.isEmpty {
                secrets.append(KnownSecret(.apiKey, key))
            }
        }
        check = SecretCheck(secrets)
    }
}
