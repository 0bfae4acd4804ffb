import Ports
import Testing

/// `PasswordRule`: what a backend takes as a password, as its auth adapter declares it.
@Suite("PasswordRule")
struct PasswordRuleTests {
    @Test("six digits accepts exactly six ASCII digits", arguments: ["123456", "000000", "654321", "111111", "909090"])
    func digitsAccepts(_ text: String) throws {
        #expect(PasswordRule.digits(6).accepts(text))
        let password = try #require(PasswordRule.digits(6).password(from: text))
        #expect(password.reveal() == text)
    }

    @Test(
        "six digits refuses anything but exactly six ASCII digits",
        arguments: [
            "", "12345", "1234567", "12345a", "abcdef", "12345.", "-12345", "+12345",
            " 123456", "123456 ", "123 456", "12345\n", "123456\n",
            "١٢٣٤٥٦", "۱۲۳۴۵۶", "１２３４５６", "12345٦", "१२३४५६", "12345\u{0301}6", "correct-horse-battery",
        ]
    )
    func digitsRefuses(_ text: String) {
        #expect(!PasswordRule.digits(6).accepts(text))
        #expect(PasswordRule.digits(6).password(from: text) == nil)
    }

    @Test(
        "at least six characters accepts a passphrase and six digits, by characters, up to the bound",
        arguments: ["correct-horse-battery", "123456", "senha!", "çãéíóú", "🔑🔑🔑🔑🔑🔑"])
    func atLeastAccepts(_ text: String) {
        #expect(PasswordRule.atLeast(6).accepts(text))
    }

    @Test(
        "at least six characters refuses five, and more than the bound",
        arguments: ["", "12345", "senha", "🔑🔑🔑🔑🔑", String(repeating: "a", count: PasswordRule.longestPassword + 1)])
    func atLeastRefuses(_ text: String) {
        #expect(!PasswordRule.atLeast(6).accepts(text))
    }

    @Test(
        "each rule's examples are one it accepts and one it refuses", arguments: [PasswordRule.digits(6), .atLeast(6)])
    func examples(_ rule: PasswordRule) {
        #expect(rule.accepts(rule.acceptedExample.reveal()))
        #expect(!rule.refusedExamples.isEmpty)
        for refused in rule.refusedExamples { #expect(!rule.accepts(refused.reveal())) }
    }

    @Test("a passphrase example is refused by six digits, so a contract sign-up with it tells the rules apart")
    func passphraseTellsRulesApart() {
        #expect(!PasswordRule.digits(6).accepts(PasswordRule.atLeast(6).acceptedExample.reveal()))
    }
}
