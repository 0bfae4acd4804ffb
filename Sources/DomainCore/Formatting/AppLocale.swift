/// The three languages the app speaks. Formatting is explicit per locale and
/// written here rather than taken from the platform's locale data, so every
/// machine shows the same text.
public enum AppLocale: String, Sendable, Hashable, CaseIterable {
    case ptBR = "pt-BR"
    case enUS = "en-US"
    case esES = "es-ES"

    /// The locale for a tag, pt-BR for anything else.
    public init(tag: String) {
        self = AppLocale(rawValue: tag) ?? .ptBR
    }
}
