/// Which backend issued a session: the only one its tokens may ever be sent
/// to. A stored session carries it (`UserSession.backend`), and an app
/// bound to one backend refuses a stored session that names another, or
/// none, instead of sending its tokens.
///
/// It is no credential: the text names where and how the backend is
/// reached (the remote adapters' plugins and the settings that tell one
/// backend from another: base URLs, an OAuth 2.0 client and issuer, the
/// variable an API key comes from), never a secret: an API key is named by
/// its variable only. Composition
/// makes it from an environment; a team that wires its own adapters makes
/// it from whatever tells its backends apart.
public struct SessionBackend: Sendable, Hashable, CustomStringConvertible {
    /// The most UTF-8 bytes a backend's text may have: a stored session is
    /// read from a file, so what it names is bounded like the rest of it.
    public static let maximumLength = 4096

    /// The text that names the backend, as stores write it.
    public let text: String

    /// The backend this text names; nil for empty text, text longer than
    /// ``maximumLength`` bytes, or text with a control character (a store
    /// reading one treats the session as damaged).
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= Self.maximumLength,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        self.text = text
    }

    /// The backend `description` names, made fit to store whatever it holds:
    /// a control character is written as `\u{…}`, and text past
    /// ``maximumLength`` keeps its beginning and ends with a hash of the
    /// whole, so two descriptions that differ anywhere name two backends.
    public static func naming(_ description: String) -> SessionBackend {
        var escaped = ""
        for scalar in description.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.isEmpty { escaped = "unnamed" }
        if let backend = SessionBackend(escaped) { return backend }
        let hash = " #" + String(StableHash.fnv1a64(escaped), radix: 16)
        var kept = Substring.UnicodeScalarView()
        var bytes = 0
        for scalar in escaped.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > maximumLength - hash.utf8.count { break }
            kept.append(scalar)
        }
        return SessionBackend(uncheckedText: String(kept) + hash)
    }

    private init(uncheckedText text: String) {
        self.text = text
    }

    /// A name for a folder of this backend's own: the letters, digits, dots
    /// and dashes of the text's first word (after its `=`, if it has one: the
    /// auth plugin's name in Composition's text; at most 24), a dash, and 16
    /// hexadecimal digits of a hash of the whole text — two backends that
    /// differ anywhere get different folders, and a person can still tell
    /// which is which (`oauth2-…`, `http-…`).
    public var folderName: String {
        let firstWord = text.prefix { $0 != " " && $0 != ";" }
        let label = firstWord.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).last ?? firstWord
        let readable = String(
            label.unicodeScalars.compactMap { scalar -> Character? in
                let allowed =
                    scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                        || scalar == ".")
                return allowed ? Character(scalar) : nil
            }
            .prefix(24))
        let digits = String(StableHash.fnv1a64(text), radix: 16)
        let hash = String(repeating: "0", count: 16 - digits.count) + digits
        return (readable.isEmpty || readable.hasPrefix(".") ? "backend" : readable) + "-" + hash
    }

    /// What the backend is, as its text says.
    public var description: String { text }
}
