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

    /// How many leading keys `leaks` looks a secret up by.
    private static let prefixLength = 4
    /// The secrets whose first `prefixLength` keys are all ASCII (an issued
    /// token, the API key), by those keys packed into one number…
    private let byPrefix: [UInt32: [Int]]
    /// …and by their first key alone, for a place where the text's next
    /// keys are not all ASCII; both hold offsets into `needles`.
    private let byFirstKey: [UInt8: [Int]]
    /// The offsets of those secrets, for a place whose own key is unknown.
    private let indexed: [Int]
    /// The rest (shorter, or not ASCII at the start): searched one by one.
    private let searchedAlone: [Int]

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
        var byPrefix: [UInt32: [Int]] = [:]
        var byFirstKey: [UInt8: [Int]] = [:]
        var indexed: [Int] = []
        var searchedAlone: [Int] = []
        for (offset, needle) in needles.enumerated() {
            if let prefix = ScreenIndex.packed(needle.keys, at: 0, count: Self.prefixLength) {
                byPrefix[prefix, default: []].append(offset)
                byFirstKey[needle.keys[0], default: []].append(offset)
                indexed.append(offset)
            } else {
                searchedAlone.append(offset)
            }
        }
        self.byPrefix = byPrefix
        self.byFirstKey = byFirstKey
        self.indexed = indexed
        self.searchedAlone = searchedAlone
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
    ///
    /// One pass over the text finds the secrets that start with four ASCII
    /// characters: at each place, only those whose first four keys are the
    /// text's there are compared (a run signed in for a day knows some 3,500
    /// tokens and searches its whole record of events: one pass, where a
    /// pass per token cost most of `app run`'s day). A place whose next keys
    /// are not all ASCII is compared with every secret its first key fits,
    /// as `ScreenIndex.fits` allows; the other secrets are searched one by one.
    func leaks(in text: String) -> [KnownSecret.Kind] {
        // A record of events is ASCII: its characters taken byte by byte.
        let (characters, keys) = Self.charactersAndKeys(of: text)
        // Where each key stands is only for the secrets searched one by one.
        let index = ScreenIndex(keys: keys, positioned: !searchedAlone.isEmpty)
        var shown = Set<KnownSecret.Kind>()
        for offset in searchedAlone where !shown.contains(needles[offset].secret.kind) {
            if !Self.wholeOccurrences(of: needles[offset], in: characters, index: index).isEmpty {
                shown.insert(needles[offset].secret.kind)
            }
        }
        if !indexed.isEmpty {
            for start in characters.indices {
                let key = index.key(at: start)
                let candidates: [Int]
                if key == ScreenIndex.unknown {
                    candidates = indexed
                } else if let prefix = index.packed(at: start, count: Self.prefixLength) {
                    candidates = byPrefix[prefix] ?? []
                } else {
                    candidates = byFirstKey[key] ?? []
                }
                for offset in candidates where !shown.contains(needles[offset].secret.kind) {
                    if Self.isWholeOccurrence(of: needles[offset], at: start, in: characters, index: index) {
                        shown.insert(needles[offset].secret.kind)
                    }
                }
            }
        }
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
        guard !pattern.isEmpty, pattern.count <= characters.count else { return [] }
        var starts: [Int] = []
        var free = 0
        for start in index.candidates(startingWith: needle.keys[0], upTo: characters.count - pattern.count)
        where start >= free && isWholeOccurrence(of: needle, at: start, in: characters, index: index) {
            starts.append(start)
            free = start + pattern.count
        }
        return starts
    }

    /// Whether `needle` stands at `start` in `characters`, not part of a
    /// longer run of letters and digits.
    private static func isWholeOccurrence(
        of needle: Needle, at start: Int, in characters: [Character], index: ScreenIndex
    ) -> Bool {
        let pattern = needle.characters
        let end = start + pattern.count
        guard let first = pattern.first, let last = pattern.last, end <= characters.count,
            index.fits(needle.keys, at: start), characters[start..<end].elementsEqual(pattern)
        else { return false }
        let joinsBefore = start > 0 && isWordCharacter(first) && isWordCharacter(characters[start - 1])
        let joinsAfter = end < characters.count && isWordCharacter(last) && isWordCharacter(characters[end])
        return !joinsBefore && !joinsAfter
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
    /// Where each key stands, in order, at the key's own offset (`unknown`'s
    /// included): an array of 256, not a dictionary, for a text of a day's
    /// events holds a million characters.
    private let positions: [[Int]]

    init(_ characters: [Character]) {
        self.init(keys: characters.map(Self.key), positioned: true)
    }

    /// The index of a text whose characters' keys are `keys`; without
    /// `positioned`, `candidates` finds nothing (for a caller that only
    /// looks at places it names).
    init(keys: [UInt8], positioned: Bool) {
        self.keys = keys
        var positions = [[Int]](repeating: [], count: 256)
        if positioned {
            for (offset, key) in keys.enumerated() { positions[Int(key)].append(offset) }
        }
        self.positions = positions
    }

    /// The places, in order and at most `last`, where a secret whose first key
    /// is `key` may start: every place when that key is `unknown`.
    func candidates(startingWith key: UInt8, upTo last: Int) -> [Int] {
        guard last >= 0 else { return [] }
        guard key != Self.unknown else { return Array(0...last) }
        let exact = positions[Int(key)]
        let unknowns = positions[Int(Self.unknown)]
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

    /// The key of the character at `offset`.
    func key(at offset: Int) -> UInt8 { keys[offset] }

    /// The `count` (at most 4) keys from `offset` packed into one number, or
    /// nil when they run past the end or one of them is `unknown`.
    func packed(at offset: Int, count: Int) -> UInt32? { Self.packed(keys, at: offset, count: count) }

    /// `keys[offset..<offset + count]` (count at most 4) packed into one
    /// number, or nil when they run past the end or one of them is `unknown`.
    static func packed(_ keys: [UInt8], at offset: Int, count: Int) -> UInt32? {
        guard offset + count <= keys.count else { return nil }
        var packed: UInt32 = 0
        for key in keys[offset..<offset + count] {
            guard key != unknown else { return nil }
            packed = packed << 8 | UInt32(key)
        }
        return packed
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
