import DomainCore
import Ports
import Testing

@Suite("SignUpForm")
struct SignUpFormTests {
    static let valid = SignUpForm(
        name: "Maria Silva", email: "maria@example.com", cpf: "123.456.789-09",
        password: "123456", confirmation: "123456"
    )

    /// One change to the valid form and the problems it must cause.
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let change: @Sendable (inout SignUpForm) -> Void
        let expected: [SignUpField: SignUpFieldProblem]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "empty name", change: { $0.name = "" }, expected: [.name: .empty]),
        Case(label: "whitespace name", change: { $0.name = "  \n " }, expected: [.name: .empty]),
        Case(label: "one-letter name", change: { $0.name = " M " }, expected: [.name: .nameTooShort]),
        Case(label: "empty e-mail", change: { $0.email = "" }, expected: [.email: .empty]),
        Case(label: "whitespace e-mail", change: { $0.email = "   " }, expected: [.email: .empty]),
        Case(label: "malformed e-mail", change: { $0.email = "maria@example" }, expected: [.email: .invalidEmail]),
        Case(label: "empty CPF", change: { $0.cpf = "" }, expected: [.cpf: .empty]),
        Case(label: "wrong check digit", change: { $0.cpf = "123.456.789-00" }, expected: [.cpf: .invalidCPF]),
        Case(label: "all-equal CPF", change: { $0.cpf = "11111111111" }, expected: [.cpf: .invalidCPF]),
        Case(label: "short CPF", change: { $0.cpf = "1234567890" }, expected: [.cpf: .invalidCPF]),
        Case(
            label: "empty password",
            change: {
                $0.password = ""
                $0.confirmation = ""
            },
            expected: [.password: .empty, .confirmation: .empty]
        ),
        Case(
            label: "five-digit password, confirmed",
            change: {
                $0.password = "12345"
                $0.confirmation = "12345"
            },
            expected: [.password: .passwordNotDigits]
        ),
        Case(
            label: "letters in password, confirmed",
            change: {
                $0.password = "abc123"
                $0.confirmation = "abc123"
            },
            expected: [.password: .passwordNotDigits]
        ),
        Case(
            label: "Arabic-Indic digits, confirmed",
            change: {
                $0.password = "١٢٣٤٥٦"
                $0.confirmation = "١٢٣٤٥٦"
            },
            expected: [.password: .passwordNotDigits]
        ),
        Case(label: "empty confirmation", change: { $0.confirmation = "" }, expected: [.confirmation: .empty]),
        Case(
            label: "different confirmation",
            change: { $0.confirmation = "654321" },
            expected: [.confirmation: .confirmationMismatch]
        ),
        Case(
            label: "confirmation with a trailing space",
            change: { $0.confirmation = "123456 " },
            expected: [.confirmation: .confirmationMismatch]
        ),
        Case(
            label: "bad password, different confirmation",
            change: {
                $0.password = "1234"
                $0.confirmation = "123456"
            },
            expected: [.password: .passwordNotDigits, .confirmation: .confirmationMismatch]
        ),
    ]

    @Test("a valid form has no problems and is valid")
    func validForm() {
        #expect(Self.valid.validate().isEmpty)
        #expect(Self.valid.isValid)
    }

    @Test("each field reports its own problem", arguments: cases)
    func reportsProblem(_ testCase: Case) {
        var form = Self.valid
        testCase.change(&form)
        #expect(form.validate() == testCase.expected)
        #expect(!form.isValid)
        #expect(form.registration() == nil)
    }

    @Test("an untouched form reports every field empty")
    func emptyForm() {
        let problems = SignUpForm().validate()
        #expect(problems == Dictionary(uniqueKeysWithValues: SignUpField.allCases.map { ($0, .empty) }))
    }

    @Test("a name of exactly the minimum length is accepted")
    func minimumName() {
        var form = Self.valid
        form.name = "Al"
        #expect(form.validate()[.name] == nil)
    }

    @Test("a valid form gives a normalised registration")
    func registration() throws {
        var form = Self.valid
        form.name = "  Maria Silva \n"
        form.email = " Maria@Example.COM "
        form.cpf = " 123.456.789-09 "
        let registration = try #require(form.registration())
        #expect(registration.name == "Maria Silva")
        #expect(registration.email == "Maria@example.com")
        #expect(registration.cpf == "12345678909")
        #expect(registration.password.reveal() == "123456")
    }

    @Test("printing a form never shows the password or its confirmation")
    func redactsPassword() {
        let form = SignUpForm(
            name: "Maria", email: "maria@example.com", cpf: "12345678909",
            password: "918273", confirmation: "918274"
        )
        var dumped = ""
        dump(form, to: &dumped)
        for text in [String(describing: form), String(reflecting: form), "\(form)", dumped] {
            #expect(!text.contains("918273"))
            #expect(!text.contains("918274"))
            #expect(text.contains("redacted"))
            #expect(text.contains("Maria"))
        }
    }
}
