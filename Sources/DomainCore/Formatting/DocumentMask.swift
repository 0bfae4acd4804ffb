public import Ports

/// A party's document, masked by its type for display: the middle six digits
/// shown, the rest hidden — enough to recognise, not enough to use.
///
/// | type | document | shown |
/// | --- | --- | --- |
/// | CPF | `12345678909` | `***.456.789-**` |
/// | CNPJ | `11223344000155` | `**.223.344/****-**` |
///
/// A number of the wrong length (or with letters) is hidden whole (`***`),
/// never shown and never a crash.
public enum DocumentMask {
    /// The document `number` masked for a party's document `type`.
    ///
    /// - Parameters:
    ///   - number: the document as the backend sent it, digits only.
    ///   - type: whether it is a CPF (11 digits) or a CNPJ (14 digits).
    /// - Returns: the masked text of the table above, or `***` when the number
    ///   is not all digits or not the length its type requires.
    public static func mask(_ number: String, type: DocumentType) -> String {
        let digits = Array(number.filter { $0.isASCII && $0.isNumber })
        guard digits.count == number.count else { return "***" }
        switch (type, digits.count) {
        case (.cpf, 11):
            return "***.\(String(digits[3..<6])).\(String(digits[6..<9]))-**"
        case (.cnpj, 14):
            return "**.\(String(digits[2..<5])).\(String(digits[5..<8]))/****-**"
        default:
            return "***"
        }
    }
}
