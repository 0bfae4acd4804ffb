import Ports
import Testing

@Suite("PIN and PINRecord values")
struct PINValueTests {
    @Test("of all 10,000 PINs, exactly the ten repeated digits and the fourteen runs are refused")
    func weakness() {
        let repeated = (0...9).map { String(repeating: String($0), count: 4) }
        let runs = ["0123", "1234", "2345", "3456", "4567", "5678", "6789"]
        for number in 0...9999 {
            let text = String(repeating: "0", count: 4 - String(number).count) + String(number)
            let expected: PINWeakness? =
                repeated.contains(text)
                ? .repeatedDigit
                : (runs.contains(text) || runs.contains(String(text.reversed())) ? .sequentialDigits : nil)
            #expect(PIN(text).weakness == expected, "PIN \(text)")
        }
    }

    @Test("anything but four ASCII digits is not a PIN", arguments: ["", "123", "12345", "12a4", "１２３４", " 2580"])
    func notFourDigits(_ text: String) {
        #expect(PIN(text).weakness == .notFourDigits)
    }

    @Test("a PIN and a record print no secret")
    func redacted() {
        let pin = PIN("2580")
        #expect("\(pin)" == "PIN(redacted)")
        #expect(String(reflecting: pin) == "PIN(redacted)")
        var dumped = ""
        dump(pin, to: &dumped)
        #expect(!dumped.contains("2580"))

        let record = PINRecord(salt: [0xab, 0xcd], iterations: 100_000, hash: [0xef], failedAttempts: 2)
        var recordDump = ""
        dump(record, to: &recordDump)
        for text in ["\(record)", recordDump] {
            #expect(text.contains("100000") || text.contains("100_000") || text.contains("iterations"))
            #expect(!text.contains("171") && !text.contains("205") && !text.contains("239"))
        }
        #expect(
            "\(PINVaultError.weakPIN(.sequentialDigits))"
                == "PIN refused: a PIN may not be four digits in a row, up or down")
    }
}
