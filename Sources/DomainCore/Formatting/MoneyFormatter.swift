public import Ports

/// Integer cents to Brazilian reais, per locale (docs/spec/locales.md;
/// docs/spec/signed-in-area.md, "Statement"):
///
/// | locale | 150000 cents | as a DEBIT | as a CREDIT |
/// | --- | --- | --- | --- |
/// | pt-BR | `R$ 1.500,00` | `-R$ 1.500,00` | `+R$ 1.500,00` |
/// | en-US | `R$1,500.00` | `-R$1,500.00` | `+R$1,500.00` |
/// | es-ES | `1.500,00 R$` | `-1.500,00 R$` | `+1.500,00 R$` |
///
/// Grouping is written here, not taken from the platform, so the text is the
/// same on every machine.
public enum MoneyFormatter {
    /// The symbol every amount is written with (the account is in reais).
    public static let currencySymbol = "R$"

    /// An amount with no direction (a balance, a detail's amount).
    public static func format(cents: Int, locale: AppLocale) -> String {
        let sign = cents < 0 ? "-" : ""
        return sign + unsigned(cents.magnitude, locale: locale)
    }

    /// A statement amount: a DEBIT leaves the account (−), a CREDIT enters it (+).
    public static func format(cents: Int, direction: EntryDirection, locale: AppLocale) -> String {
        let sign = direction == .debit ? "-" : "+"
        return sign + unsigned(cents.magnitude, locale: locale)
    }

    private static func unsigned(_ cents: UInt, locale: AppLocale) -> String {
        let (grouping, decimal) = locale.numberSeparators
        let reais = grouped(cents / 100, separator: grouping)
        let centavos = cents % 100 < 10 ? "0\(cents % 100)" : "\(cents % 100)"
        return locale.placingCurrency(currencySymbol, around: reais + decimal + centavos)
    }

    private static func grouped(_ value: UInt, separator: String) -> String {
        let digits = Array(String(value))
        var groups: [String] = []
        var end = digits.count
        while end > 0 {
            let start = max(0, end - 3)
            groups.insert(String(digits[start..<end]), at: 0)
            end = start
        }
        return groups.joined(separator: separator)
    }
}
