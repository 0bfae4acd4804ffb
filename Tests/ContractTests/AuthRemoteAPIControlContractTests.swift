import PortContracts
import Ports
import Testing

/// The part of `AuthRemoteAPI`'s contract that needs the server's switches —
/// account states, the server's clock, revocation, request counts, faults,
/// and sign-ups that the next run would find taken without a reset — for
/// every auth adapter of ours (`RemoteAdapters.everyAuth`).
@Suite("AuthRemoteAPI contract, control switches", .needsControlAPI)
struct AuthRemoteAPIControlContractTests {
    @Test(
        "Every auth adapter keeps each promise that needs the server's switches",
        arguments: RemoteAdapters.everyAuth, AuthRemoteAPIContract.Promise.allCases.filter(\.needsTheServersSwitches))
    func keepsThePromise(_ adapter: AuthAdapter, _ promise: AuthRemoteAPIContract.Promise) async throws {
        try await AuthRemoteAPIContract.check(promise, on: adapter.underTest)
    }
}
