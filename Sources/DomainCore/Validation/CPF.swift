import Foundation

/// A Brazilian individual taxpayer number whose check digits are right.
///
/// Accepts exactly two shapes, after trimming surrounding whitespace: the
/// formatted `123.456.789-09` or eleven bare ASCII digits `12345678909`.
/// Anything else is refused — letters, other punctuation or punctuation in
/// other places, partial formatting, non-ASCII digits, 10 or 12 digits — as
/// are the eleven all-equal-digit numbers (`000.000.000-00` … `999.999.999-99`),
/// which pass the mod-11 check but are never issued.
public struct CPF: Sendable, Hashable {
    /// The eleven digits, no punctuation: what the backend takes.
    public let digits: String

    /// The CPF in `text`, or nil unless it has one of the two accepted shapes
    /// and right check digits (see above).
    ///
    /// - Parameter text: the CPF as typed, formatted or as eleven digits.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let values = Self.digitValues(of: trimmed),
            Set(values).count > 1,
            Self.checkDigit(for: values[0..<9]) == values[9],
            Self.checkDigit(for: values[0..<10]) == values[10]
        else { return nil }
        digits = String(values.map { Character(String($0)) })
    }

    /// `123.456.789-09`.
    public var formatted: String {
        let d = Array(digits)
        return String(d[0..<3]) + "." + String(d[3..<6]) + "." + String(d[6..<9]) + "-" + String(d[9..<11])
    }

    /// For display where the whole number must not show: `***.456.789-**`.
    ///
    /// The first three digits and the two check digits are hidden, the middle
    /// six shown — the masking Brazilian public services use under the LGPD.
    /// The owner recognises their number; a reader cannot rebuild it (a
    /// thousand candidates remain), and the shape still reads as a CPF.
    public var masked: String {
        let d = Array(digits)
        return "***." + String(d[3..<6]) + "." + String(d[6..<9]) + "-**"
    }

    /// The eleven digit values of `text` when it is one of the two accepted
    /// shapes, else nil. Works on Unicode scalars so that only ASCII `0`–`9`
    /// count as digits (no Arabic-Indic or full-width digits, no combining marks).
    private static func digitValues(of text: String) -> [Int]? {
        let scalars = Array(text.unicodeScalars)
        let punctuation: [Int: Unicode.Scalar]
        switch scalars.count {
        case 11: punctuation = [:]
        case 14: punctuation = [3: ".", 7: ".", 11: "-"]
        default: return nil
        }
        var values: [Int] = []
        values.reserveCapacity(11)
        for (index, scalar) in scalars.enumerated() {
            if let expected = punctuation[index] {
                guard scalar == expected else { return nil }
            } else {
                guard let value = asciiDigitValue(scalar) else { return nil }
                values.append(value)
            }
        }
        return values
    }

    private static func asciiDigitValue(_ scalar: Unicode.Scalar) -> Int? {
        guard ("0"..."9").contains(scalar) else { return nil }
        return Int(scalar.value - Unicode.Scalar("0").value)
    }

    /// The standard mod-11 check digit of the 9 (first) or 10 (second) digits
    /// before it: weights run from `count + 1` down to 2; a remainder of 10 is 0.
    private static func checkDigit(for values: ArraySlice<Int>) -> Int {
        var weight = values.count + 1
        var sum = 0
        for value in values {
            sum += value * weight
            weight -= 1
        }
        let remainder = (sum * 10) % 11
        return remainder == 10 ? 0 : remainder
    }
}
