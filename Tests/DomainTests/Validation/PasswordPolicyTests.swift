import DomainCore
import Testing

@Suite("PasswordPolicy")
struct PasswordPolicyTests {
    @Test("accepts exactly six ASCII digits", arguments: ["123456", "000000", "654321", "111111", "909090"])
    func accepts(_ text: String) throws {
        #expect(PasswordPolicy.isAcceptable(text))
        let password = try #require(PasswordPolicy.password(from: text))
        #expect(password.reveal() == text)
    }

    @Test(
        "refuses anything but exactly six ASCII digits",
        arguments: [
            "", "12345", "1234567", "12345a", "abcdef", "12345.", "-12345", "+12345",
            " 123456", "123456 ", "123 456", "12345\n", "123456\n",
            "١٢٣٤٥٦", "۱۲۳۴۵۶", "１２３４５６", "12345٦", "१२३४५६", "12345\u{0301}6",
        ]
    )
    func refuses(_ text: String) {
        #expect(!PasswordPolicy.isAcceptable(text))
        #expect(PasswordPolicy.password(from: text) == nil)
    }

    @Test("the required length is six")
    func digitCount() {
        #expect(PasswordPolicy.digitCount == 6)
    }
}
