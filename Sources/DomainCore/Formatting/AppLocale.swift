public import Ports

/// The language the app speaks, writes its texts in and formats money and
/// dates for: the domain's name for `PreferredLanguage` (Ports), the one
/// language type of the package (the preferences store it, the environment
/// and the command line choose it, the texts and formats switch over it).
/// It is named here too because the app sees the ports only through the
/// domain and the composition root.
///
/// Every place that speaks a language `switch`es over it with no `default`:
/// the app's text tables, ``DateText``, ``MoneyFormatter`` and the languages'
/// own names. A case added to `PreferredLanguage` without its texts and
/// formats does not build (docs/spec/locales.md, "One language type, held to its
/// texts by the compiler").
public typealias AppLocale = PreferredLanguage

extension PreferredLanguage {
    /// pt-BR: the seeds' language, spoken when nothing chooses another.
    public static let `default`: PreferredLanguage = .ptBR

    /// The order a day's numbers are written in.
    var dayOrder: DayOrder {
        switch self {
        case .ptBR, .esES: .dayMonthYear
        case .enUS: .monthDayYear
        }
    }

    /// The separators of a number: thousands, then decimals.
    var numberSeparators: (grouping: String, decimal: String) {
        switch self {
        case .ptBR, .esES: (".", ",")
        case .enUS: (",", ".")
        }
    }

    /// Where the currency symbol goes around an unsigned amount.
    func placingCurrency(_ symbol: String, around number: String) -> String {
        switch self {
        case .ptBR: symbol + " " + number
        case .enUS: symbol + number
        case .esES: number + " " + symbol
        }
    }
}

/// The order of a day's numbers, per language.
enum DayOrder: Sendable {
    /// `01/02/2024` for 1 February 2024.
    case dayMonthYear
    /// `02/01/2024` for 1 February 2024.
    case monthDayYear
}
