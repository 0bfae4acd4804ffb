import DomainCore

/// Records the identifiers a successful sign-up hands back to sign-in.
@MainActor
final class FakeSignedUpResponder: SignedUpResponder {
    private(set) var signedUpIdentifiers: [String] = []
    /// The identifiers of the sign-ups whose account awaits confirmation.
    private(set) var awaitingConfirmation: [String] = []

    func signedUp(identifier: String) { signedUpIdentifiers.append(identifier) }

    func signedUpAwaitingConfirmation(identifier: String) { awaitingConfirmation.append(identifier) }
}
