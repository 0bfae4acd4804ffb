import DomainCore

/// Records the identifiers a successful sign-up hands back to sign-in.
@MainActor
final class FakeSignedUpResponder: SignedUpResponder {
    private(set) var signedUpIdentifiers: [String] = []

    func signedUp(identifier: String) { signedUpIdentifiers.append(identifier) }
}
