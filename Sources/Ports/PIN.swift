/// Why a PIN may not be set. Says which rule it breaks, never the PIN.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum PINWeakness: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not exactly four ASCII digits.
    case notFourDigits
    /// One digit four times: 0000, 1111, … 9999.
    case repeatedDigit
    /// Four digits one apart, going up or down without wrapping:
    /// 0123 … 6789 and 9876 … 3210.
    case sequentialDigits

    /// Why the PIN is refused, in words a person can act on.
    public var description: String {
        switch self {
        case .notFourDigits: return "a PIN is exactly four digits"
        case .repeatedDigit: return "a PIN may not repeat one digit four times"
        case .sequentialDigits: return "a PIN may not be four digits in a row, up or down"
        }
    }
}

/// A 4-digit PIN as the user typed it. Redacted when printed (`PIN(redacted)`).
///
/// Any text may be wrapped (a wrong or malformed entry is still an entry to
/// verify); `weakness` says whether it may be *set*. The refused PINs are the
/// 24 guessed first: ten repeated digits and fourteen runs.
public struct PIN: RedactedSecret {
    /// How many digits a PIN has.
    public static let digitCount = 4

    private let value: String

    /// Wraps the raw entry.
    public init(_ value: String) { self.value = value }

    /// The raw PIN, for the one place that must hash it.
    public func reveal() -> String { value }

    /// Why this PIN may not be set, or nil when it may.
    public var weakness: PINWeakness? {
        let digits = value.unicodeScalars.compactMap { scalar -> Int? in
            guard scalar.isASCII, ("0"..."9").contains(scalar) else { return nil }
            return Int(scalar.value) - 48
        }
        guard digits.count == Self.digitCount, value.unicodeScalars.count == Self.digitCount else {
            return .notFourDigits
        }
        let steps = Set(zip(digits, digits.dropFirst()).map { $1 - $0 })
        if steps == [0] { return .repeatedDigit }
        if steps == [1] || steps == [-1] { return .sequentialDigits }
        return nil
    }
}
