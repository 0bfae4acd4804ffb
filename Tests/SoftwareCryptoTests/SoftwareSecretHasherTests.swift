import AdapterSoftwareCrypto
import PortContracts
import Ports
import Testing

/// The hand-written hasher keeps `SecretHasherContract` of `PortContracts`.
@Suite("SoftwareSecretHasher")
struct SoftwareSecretHasherTests {
    @Test(
        "SoftwareSecretHasher keeps each promise of the SecretHasher contract",
        arguments: SecretHasherContract.Promise.allCases)
    func keepsThePromise(_ promise: SecretHasherContract.Promise) async throws {
        try await SecretHasherContract.check(promise) { SoftwareSecretHasher() }
    }
}
