import Composition

/// Finds the secrets a run knows of — issued tokens, account passwords, the API
/// key, what a script typed into a password field — in text it is about to
/// print (docs/spec/locales.md, "Secrets never reach output").
///
/// A secret counts only as a whole token: not where it sits inside a longer
/// run of letters and digits. Maria's bare CPF `12345678909` holds her
/// password `123456`, and that is not a leak.
struct SecretCheck: Sendable {
    /// Typed text shorter than this is too common to tell from ordinary
    /// screen text (a `1` typed to see the button disabled).
    static let shortestTypedSecret = 4

    /// Longest first, so a secret inside another is never redacted on its own.
    private let secrets: [KnownSecret]

    init(_ secrets: some Sequence<KnownSecret>) {
        var seen = Set<String>()
        self.secrets =
            secrets
            .filter { !$0.reveal().isEmpty && seen.insert($0.reveal()).inserted }
            .sorted { $0.reveal().count > $1.reveal().count }
    }

    /// The kinds of secret `text` shows, each once, in `Kind` order.
    func leaks(in text: String) -> [KnownSecret.Kind] {
        let characters = Array(text)
        let shown = Set(secrets.filter { !Self.wholeOccurrences(of: $0.reveal(), in: characters).isEmpty }.map(\.kind))
        return KnownSecret.Kind.allCases.filter(shown.contains)
    }

    /// `text` with every secret it shows replaced by its kind (`‹token›`).
    func redacted(_ text: String) -> String {
        var characters = Array(text)
        for secret in secrets {
            let replacement = Array("‹\(secret.kind.rawValue)›")
            // From the end, so earlier offsets stay valid.
            for start in Self.wholeOccurrences(of: secret.reveal(), in: characters).reversed() {
                characters.replaceSubrange(start..<(start + secret.reveal().count), with: replacement)
            }
        }
        return String(characters)
    }

    /// Where `secret` starts in `characters`, at each place it is not part of
    /// a longer run of letters and digits (left to right, never overlapping).
    private static func wholeOccurrences(of secret: String, in characters: [Character]) -> [Int] {
        let needle = Array(secret)
        guard let first = needle.first, let last = needle.last, needle.count <= characters.count else { return [] }
        var starts: [Int] = []
        var free = 0
        for start in 0...(characters.count - needle.count) where start >= free && characters[start] == first {
            let end = start + needle.count
            guard characters[start..<end].elementsEqual(needle) else { continue }
            let joinsBefore = start > 0 && isWordCharacter(first) && isWordCharacter(characters[start - 1])
            let joinsAfter = end < characters.count && isWordCharacter(last) && isWordCharacter(characters[end])
            if !joinsBefore && !joinsAfter {
                starts.append(start)
                free = end
            }
        }
        return starts
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
