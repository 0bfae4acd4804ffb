import Foundation

/// The rules for a person's name and e-mail, wherever they are typed (the
/// sign-up form, the profile): one place decides what is empty, too short or
/// malformed, and how the text is normalised before it is sent.
public enum PersonalDetailsRules {
    /// The fewest characters a name may have, after trimming.
    public static let minimumNameLength = 2

    /// The name as it is sent: surrounding whitespace and newlines removed.
    public static func normalisedName(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The e-mail as it is sent, or nil when it is not a well-formed address.
    public static func normalisedEmail(_ text: String) -> String? {
        EmailAddress(text)?.value
    }

    /// What is wrong with a name as typed: `.empty` when it is blank,
    /// `.nameTooShort` when it is shorter than `minimumNameLength` after
    /// trimming; nil when it is acceptable.
    public static func nameProblem(_ text: String) -> SignUpFieldProblem? {
        let name = normalisedName(text)
        if name.isEmpty { return .empty }
        return name.count < minimumNameLength ? .nameTooShort : nil
    }

    /// What is wrong with an e-mail as typed: `.empty` when it is blank,
    /// `.invalidEmail` when it is not a well-formed `EmailAddress`; nil when it
    /// is acceptable.
    public static func emailProblem(_ text: String) -> SignUpFieldProblem? {
        problem(text, invalid: .invalidEmail) { EmailAddress($0) != nil }
    }

    /// `.empty` when there is nothing but whitespace, else `invalid` unless `isValid`.
    static func problem(
        _ text: String, invalid: SignUpFieldProblem, isValid: (String) -> Bool
    ) -> SignUpFieldProblem? {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .empty }
        return isValid(text) ? nil : invalid
    }
}
