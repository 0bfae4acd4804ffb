import DomainCore
import Ports
import Testing

@Suite("LoginIdentifier parsing")
struct LoginIdentifierParsingTests {
    @Test(
        "a valid CPF, formatted or bare, becomes its eleven digits",
        arguments: [
            ("123.456.789-09", "12345678909"),
            ("12345678909", "12345678909"),
            (" 529.982.247-25 ", "52998224725"),
            ("012.345.678-90", "01234567890"),
        ]
    )
    func parsesCPF(_ text: String, digits: String) {
        #expect(LoginIdentifier(parsing: text) == .cpf(digits))
    }

    @Test(
        "a well-formed e-mail becomes its normalised value",
        arguments: [
            ("maria@example.com", "maria@example.com"),
            ("  Maria@Example.COM ", "Maria@example.com"),
        ]
    )
    func parsesEmail(_ text: String, normalised: String) {
        #expect(LoginIdentifier(parsing: text) == .email(normalised))
    }

    @Test(
        "anything else is no identifier",
        arguments: [
            "", "   ", "123.456.789-00", "11111111111", "111.111.111-11", "1234567890", "123456789-09",
            "maria", "maria@", "maria@example", "12345678909@", "Maria Silva",
        ]
    )
    func refuses(_ text: String) {
        #expect(LoginIdentifier(parsing: text) == nil)
    }
}
