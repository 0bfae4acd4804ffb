import Ports

/// A sign-in outside the app against an `InMemoryBackend`: the browser's
/// attempt waits in `awaitPerson()` for the simulated person and exchanges
/// its code once in `poll()`; the device attempt has nothing to wait for and
/// polls as RFC 8628 says. Cancelling a wait ends the attempt, as closing
/// the real adapter's loopback listener would. It holds no secret: its
/// description names its method only.
struct InMemoryExternalSignInAttempt: ExternalSignInAttempt, CustomStringConvertible {
    let backend: InMemoryBackend
    let id: UInt64
    let method: SignInMethod
    let instructions: ExternalSignInInstructions

    var description: String { "in-memory \(method.rawValue) sign-in attempt" }

    func awaitPerson() async throws(RemoteError) {
        guard !backend.externalSignIns.isEnded(id) else { throw .signInRefused(.cancelled) }
        guard method == .browser else { return }
        switch await backend.externalSignIns.waitForPerson(id) {
        case nil: throw .signInRefused(.cancelled)
        case .denied: throw .signInRefused(.deniedByPerson)
        case .signedIn: return
        }
    }

    func poll() async throws(RemoteError) -> ExternalSignInProgress {
        guard !backend.externalSignIns.isEnded(id) else { throw .signInRefused(.cancelled) }
        try await backend.admitOrThrow(BackendRoute.auth)
        return try await backend.pollExternalSignIn(id)
    }

    func end() async {
        backend.externalSignIns.end(id)
    }
}
