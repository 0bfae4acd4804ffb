import Composition

/// Finds the secrets a run knows of — issued tokens, account passwords, the API
/// key, what a script typed into a password field — in text it is about to
/// print (docs/spec/locales.md, "Secrets never reach output").
///
/// A secret counts only as a whole token: not where it sits inside a longer
/// run of letters and digits. Maria's bare CPF `12345678909` holds her
/// password `123456`, and that is not a leak.
///
/// A run signed in for a virtual day knows some 3,500 issued tokens, and each
/// screen it prints is checked against every one; so each position of the
/// text is first matched by one byte (`ScreenIndex`), and only where that
/// byte fits are its characters compared, as before.
struct SecretCheck: Sendable {
    /// Typed text shorter than this is too common to tell from ordinary
    /// screen text (a `1` typed to see the button disabled).
    static let shortestTypedSecret = 4

    /// One secret, with what the search needs of it worked out once.
    private struct Needle: Sendable {
        let secret: KnownSecret
        let characters: [Character]
        /// Each character's `ScreenIndex.key`.
        let keys: [UInt8]
    }

    /// Longest first, so a secret inside another is never redacted on its own.
    private let needles: [Needle]

    init(_ secrets: some Sequence<KnownSecret>) {
        var seen = Set<String>()
        needles =
            secrets
            .filter { !$0.reveal().isEmpty && seen.insert($0.reveal()).inserted }
            .map { secret in
                let (characters, keys) = Self.charactersAndKeys(of: secret.reveal())
                return Needle(secret: secret, characters: characters, keys: keys)
            }
            .sorted { $0.characters.count > $1.characters.count }
    }

    /// `text`'s characters and their `ScreenIndex` keys. An issued token is
    /// ASCII without a carriage return, where each byte is one character and
    /// its own key: taken byte by byte, without the grapheme breaking
    /// `Array(text)` does (most of the cost of making a check that knows a
    /// day's 3,500 tokens).
    private static func charactersAndKeys(of text: String) -> (characters: [Character], keys: [UInt8]) {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
            let characters = Array(text)
            return (characters, characters.map(ScreenIndex.key))
        }
        return (bytes.map { Character(Unicode.Scalar($0)) }, bytes)
    }

    /// The kinds of secret `text` shows, each once, in `Kind` order.
    func leaks(in text: String) -> [KnownSecret.Kind] {
        let characters = Array(text)
        let index = ScreenIndex(characters)
        let shown = Set(
            needles.filter { !Self.wholeOccurrences(of: $0, in: characters, index: index).isEmpty }.map(\.secret.kind))
        return KnownSecret.Kind.allCases.filter(shown.contains)
    }

    /// `text` with every secret it shows replaced by its kind (`‹token›`).
    func redacted(_ text: String) -> String {
        var characters = Array(text)
        var index = ScreenIndex(characters)
        for needle in needles {
            let starts = Self.wholeOccurrences(of: needle, in: characters, index: index)
            guard !starts.isEmpty else { continue }
            let replacement = Array("‹\(needle.secret.kind.rawValue)›")
            // From the end, so earlier offsets stay valid.
            for start in starts.reversed() {
                characters.replaceSubrange(start..<(start + needle.characters.count), with: replacement)
            }
            index = ScreenIndex(characters)
        }
        return String(characters)
    }

    /// Where `needle` starts in `characters`, at each place it is not part of
    /// a longer run of letters and digits (left to right, never overlapping).
    private static func wholeOccurrences(
        of needle: Needle, in characters: [Character], index: ScreenIndex
    ) -> [Int] {
        let pattern = needle.characters
        guard let first = pattern.first, let last = pattern.last, pattern.count <= characters.count else { return [] }
        var starts: [Int] = []
        var free = 0
        for start in index.candidates(startingWith: needle.keys[0], upTo: characters.count - pattern.count)
        where start >= free && index.fits(needle.keys, at: start) && characters[start] == first {
            let end = start + pattern.count
            guard characters[start..<end].elementsEqual(pattern) else { continue }
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

/// A text's characters as one byte each, to rule out most places a secret
/// could start without comparing `Character`s (which are compared as
/// canonically equivalent Unicode, and cost far more than a byte).
///
/// A character's key is its byte when it is ASCII, and `unknown` otherwise.
/// Two equal characters never have different known keys: an ASCII character
/// (`Character.isASCII`: one ASCII scalar, or CR-LF) equals only itself, and
/// a character that is not ASCII but equals one (U+212A KELVIN SIGN equals
/// `K`) has the key `unknown`, which fits any. So a place ruled out by its
/// keys is one the comparison of characters would have rejected too.
private struct ScreenIndex {
    /// The key of any character that is not ASCII: it fits every key.
    static let unknown: UInt8 = 0xFF

    static func key(_ character: Character) -> UInt8 {
        character.isASCII ? character.asciiValue ?? unknown : unknown
    }

    /// The text's keys, one per character.
    private let keys: [UInt8]
    /// Where each key stands, in order; and where `unknown` does.
    private let positions: [UInt8: [Int]]

    init(_ characters: [Character]) {
        keys = characters.map(Self.key)
        var positions: [UInt8: [Int]] = [:]
        for (offset, key) in keys.enumerated() { positions[key, default: []].append(offset) }
        self.positions = positions
    }

    /// The places, in order and at most `last`, where a secret whose first key
    /// is `key` may start: every place when that key is `unknown`.
    func candidates(startingWith key: UInt8, upTo last: Int) -> [Int] {
        guard last >= 0 else { return [] }
        guard key != Self.unknown else { return Array(0...last) }
        let exact = positions[key] ?? []
        let unknowns = positions[Self.unknown] ?? []
        // Merged in order, so the left-to-right, non-overlapping scan is the same.
        var merged: [Int] = []
        merged.reserveCapacity(exact.count + unknowns.count)
        var e = 0
        var u = 0
        while e < exact.count || u < unknowns.count {
            let next: Int
            if u == unknowns.count || (e < exact.count && exact[e] < unknowns[u]) {
                next = exact[e]
                e += 1
            } else {
                next = unknowns[u]
                u += 1
            }
            guard next <= last else { break }
            merged.append(next)
        }
        return merged
    }

    /// Whether `needle`'s keys fit the text's from `start` on: each equal, or
    /// one of the two `unknown`. (The caller knows the needle fits in the text.)
    func fits(_ needle: [UInt8], at start: Int) -> Bool {
        for (offset, key) in needle.enumerated() {
            let shown = keys[start + offset]
            if key != shown && key != Self.unknown && shown != Self.unknown { return false }
        }
        return true
    }
}
