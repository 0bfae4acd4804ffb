import Foundation
public import Ports

/// The sign-up form's text as typed, and its per-field validation.
///
/// Printing, debug-printing or `dump`ing a form redacts the password and its
/// confirmation: they are plain strings here, before they become a `Password`.
public struct SignUpForm: Sendable, Hashable {
    /// The name as typed.
    public var name: String
    /// The e-mail as typed.
    public var email: String
    /// The CPF as typed.
    public var cpf: String
    /// The password as typed; never printed.
    public var password: String
    /// The password typed again; never printed.
    public var confirmation: String

    /// A form with the given text; every field is empty by default.
    ///
    /// - Parameters:
    ///   - name: the name as typed.
    ///   - email: the e-mail as typed.
    ///   - cpf: the CPF as typed.
    ///   - password: the password as typed.
    ///   - confirmation: the password typed again.
    public init(
        name: String = "", email: String = "", cpf: String = "", password: String = "", confirmation: String = ""
    ) {
        self.name = name
        self.email = email
        self.cpf = cpf
        self.password = password
        self.confirmation = confirmation
    }

    /// The problem of each field that has one; empty when the form is valid.
    /// A field has at most one problem, `.empty` first. The confirmation is
    /// compared with the password as typed, whether or not the password is
    /// acceptable, so each field reports only its own problem. Only the
    /// fields a sign-up that takes `fields` shows are judged, and the
    /// password by the backend's `passwordRule`.
    public func validate(
        taking fields: Set<RegistrationField> = .everyField, passwordRule: PasswordRule = .digits(6)
    ) -> [SignUpField: SignUpFieldProblem] {
        var problems: [SignUpField: SignUpFieldProblem] = [:]
        problems[.name] = PersonalDetailsRules.nameProblem(name)
        problems[.email] = PersonalDetailsRules.emailProblem(email)
        problems[.cpf] = PersonalDetailsRules.problem(cpf, invalid: .invalidCPF) { CPF($0) != nil }
        problems[.password] = PersonalDetailsRules.problem(
            password, invalid: Self.refusal(by: passwordRule), isValid: passwordRule.accepts)
        problems[.confirmation] = PersonalDetailsRules.problem(confirmation, invalid: .confirmationMismatch) {
            $0 == password
        }
        return problems.filter { fields.contains($0.key.registrationField) }
    }

    /// Whether every field is valid: what enables "Create account".
    public var isValid: Bool { validate().isEmpty }

    /// What to send to sign-up (`POST /users` on the wire contract), for a
    /// sign-up that takes `fields`, normalised — name trimmed, e-mail
    /// normalised, CPF as eleven digits, each field not taken left empty — or
    /// nil unless every field taken is valid (the password by `passwordRule`).
    public func registration(
        taking fields: Set<RegistrationField> = .everyField, passwordRule: PasswordRule = .digits(6)
    ) -> Registration? {
        guard validate(taking: fields, passwordRule: passwordRule).isEmpty,
            let acceptedPassword = passwordRule.password(from: password)
        else { return nil }
        var registration = Registration(name: "", email: "", cpf: "", password: acceptedPassword)
        if fields.contains(.name) { registration.name = PersonalDetailsRules.normalisedName(name) }
        if fields.contains(.email) {
            guard let emailAddress = EmailAddress(email) else { return nil }
            registration.email = emailAddress.value
        }
        if fields.contains(.cpf) {
            guard let cpfNumber = CPF(cpf) else { return nil }
            registration.cpf = cpfNumber.digits
        }
        return registration
    }

    /// The problem of a password `rule` refuses.
    static func refusal(by rule: PasswordRule) -> SignUpFieldProblem {
        switch rule {
        case .digits: .passwordNotDigits
        case .atLeast: .passwordTooShort
        }
    }
}

extension SignUpForm: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The form with its name, e-mail and CPF, and the password and
    /// confirmation shown as `redacted`.
    public var description: String {
        "SignUpForm(name: \(name.debugDescription), email: \(email.debugDescription), "
            + "cpf: \(cpf.debugDescription), password: redacted, confirmation: redacted)"
    }

    /// The same as `description`: the password and confirmation redacted.
    public var debugDescription: String { description }

    /// The form's fields for `dump` and debuggers, the password and
    /// confirmation replaced by `redacted`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "name": name, "email": email, "cpf": cpf,
                "password": "redacted", "confirmation": "redacted",
            ],
            displayStyle: .struct
        )
    }
}
