import Ports

/// The backend's own field checks and document check digits. The domain has
/// its own validation; the simulated server must not depend on it.
enum BackendFieldRules {
    /// The longest name kept, in characters: every account is held in
    /// memory, so a field without a limit would let sign-ups grow it at will.
    static let longestName = 100
    /// The longest e-mail address, in characters (what SMTP can carry).
    static let longestEmail = 254

    static func nameProblem(_ name: String) -> String? {
        let name = name.trimmingWhitespace
        if name.isEmpty { return "must not be empty" }
        return name.count > longestName ? "must be at most \(longestName) characters" : nil
    }

    static func emailProblem(_ email: String) -> String? {
        let email = email.trimmingWhitespace
        if email.count > longestEmail { return "must be at most \(longestEmail) characters" }
        return isWellFormedEmail(email) ? nil : "must be a well-formed e-mail address"
    }

    static func cpfProblem(_ cpf: String) -> String? {
        isValidCPF(cpf) ? nil : "must be 11 digits with valid check digits"
    }

    static func passwordProblem(_ password: String, rule: PasswordRule) -> String? {
        guard !rule.accepts(password) else { return nil }
        return switch rule {
        case .digits(let count): "must be exactly \(count) digits"
        case .atLeast(let minimum):
            "must be at least \(minimum) characters and at most \(PasswordRule.longestPassword)"
        }
    }

    /// `local@domain.tld`: one `@`, no whitespace, a dotted domain whose
    /// labels are non-empty and whose last label has two letters or more.
    static func isWellFormedEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let last = labels.last else { return false }
        return last.count >= 2 && last.allSatisfy(\.isLetter)
    }

    /// Eleven ASCII digits, not all equal, whose last two are the check digits
    /// of the first nine.
    static func isValidCPF(_ cpf: String) -> Bool {
        guard cpf.count == 11, cpf.allSatisfy(\.isASCIIDigit) else { return false }
        let digits = cpf.compactMap(\.wholeNumberValue)
        guard Set(digits).count > 1 else { return false }
        return cpfCheckDigits(Array(digits.prefix(9))) == Array(digits.suffix(2))
    }

    /// A CPF: nine base digits followed by their two check digits.
    static func cpf(base: String) -> String {
        let digits = base.compactMap(\.wholeNumberValue)
        return base + cpfCheckDigits(digits).map(String.init).joined()
    }

    /// A CNPJ: twelve base digits followed by their two check digits.
    static func cnpj(base: String) -> String {
        let digits = base.compactMap(\.wholeNumberValue)
        let first = checkDigit(digits, weights: [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
        let second = checkDigit(digits + [first], weights: [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
        return base + "\(first)\(second)"
    }

    private static func cpfCheckDigits(_ base: [Int]) -> [Int] {
        let first = checkDigit(base, weights: Array((2...10).reversed()))
        let second = checkDigit(base + [first], weights: Array((2...11).reversed()))
        return [first, second]
    }

    /// The modulo-11 check digit shared by CPF and CNPJ.
    private static func checkDigit(_ digits: [Int], weights: [Int]) -> Int {
        let remainder = zip(digits, weights).map(*).reduce(0, +) % 11
        return remainder < 2 ? 0 : 11 - remainder
    }
}

extension String {
    var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
