import AdapterSoftwareCrypto
import PortContracts
import Ports
import Testing

/// The hand-written verifier keeps `SignatureVerifierContract` of `PortContracts`.
@Suite("SoftwareSignatureVerifier")
struct SoftwareSignatureVerifierTests {
    @Test(
        "SoftwareSignatureVerifier keeps each promise of the SignatureVerifier contract",
        arguments: SignatureVerifierContract.Promise.allCases)
    func keepsThePromise(_ promise: SignatureVerifierContract.Promise) async throws {
        try await SignatureVerifierContract.check(promise) { SoftwareSignatureVerifier() }
    }
}
