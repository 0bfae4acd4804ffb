public import Ports

/// The Cora backend's password rule: exactly six ASCII digits, nothing else —
/// no surrounding whitespace is trimmed, and digits of other scripts
/// (Arabic-Indic `١٢٣٤٥٦`, full-width `１２３４５６`) are refused, since the
/// backend compares the password as sent.
public enum PasswordPolicy {
    /// How many digits a password has.
    public static let digitCount = 6

    /// Whether `text` is exactly six ASCII digits: what enables the password
    /// step's "Next".
    public static func isAcceptable(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return scalars.count == digitCount && scalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// `text` as a `Password` when it is acceptable, else nil.
    public static func password(from text: String) -> Password? {
        isAcceptable(text) ? Password(text) : nil
    }
}
