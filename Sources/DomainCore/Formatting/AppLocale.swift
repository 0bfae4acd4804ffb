/// The three languages the app speaks. Formatting is explicit per locale and
/// written here rather than taken from the platform's locale data, so every
/// machine shows the same text.
public enum AppLocale: String, Sendable, Hashable, CaseIterable {
    /// Brazilian Portuguese, the app's default: any tag the app does not know
    /// falls back to it.
    case ptBR = "pt-BR"
    /// American English.
    case enUS = "en-US"
    /// Spanish as spoken in Spain.
    case esES = "es-ES"

    /// The locale for a tag, pt-BR for anything else.
    public init(tag: String) {
        self = AppLocale(rawValue: tag) ?? .ptBR
    }
}
