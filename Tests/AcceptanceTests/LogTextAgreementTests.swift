import Testing

@testable import ReferenceServer
@testable import GatehouseApp

/// The reference server escapes its request log by a copy of the app's rule
/// (it may import no module of the app): the two must show every scalar
/// alike, so `app serve`'s log looks like the rest of the app's output.
/// The log keeps one request on one line, so it is compared with the app's
/// one-line form.
@Suite("Log text agreement")
struct LogTextAgreementTests {
    @Test("The server's log and the app's console show every scalar up to U+2FFF, and a sample above, alike")
    func everyScalarAlike() {
        let values = Array(0..<0x3000) + [0xFEFF, 0xFFFD, 0x1_F600, 0x10_FFFF]
        var disagreements: [String] = []
        for value in values {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }  // surrogates are no scalar
            let text = "a" + String(Character(scalar)) + "b"
            if LogText.escapingControls(text) != TerminalText.escapingControlsOnOneLine(text) {
                disagreements.append("U+" + String(value, radix: 16, uppercase: true))
            }
            if LogText.isEscaped(scalar) != TerminalText.isEscaped(scalar) {
                disagreements.append("isEscaped U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(disagreements.isEmpty)
    }
}
