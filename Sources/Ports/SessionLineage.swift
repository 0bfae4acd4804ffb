/// Which sign-in a token descends from: a sign-in makes a new one, and every
/// refresh of that session carries it on. Processes that share one store
/// (an app and its extensions, two windows) tell by it whether a token they
/// find stored is their own session refreshed by another process — theirs
/// to adopt — or another session altogether, begun after theirs ended.
///
/// It is no credential: 128 random bits that name a session, never sent to
/// a server. It is still never printed whole: its description shows a prefix.
public struct SessionLineage: Sendable, Hashable, CustomStringConvertible {
    /// The 32 lower-case hexadecimal digits stores write.
    public let text: String

    /// The lineage these 32 hexadecimal digits name, as a store wrote them;
    /// nil for any other text (a store reading one treats the file as damaged).
    public init?(_ text: String) {
        guard text.utf8.count == 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        self.text = text
    }

    /// A new lineage, for a session just signed in: 128 bits from the
    /// system's random source.
    public static func random() -> SessionLineage {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        let digits = hexadecimal(high) + hexadecimal(low)
        // Always 32 lower-case hexadecimal digits, so the initialiser accepts them.
        return SessionLineage(digits) ?? SessionLineage(unchecked: digits)
    }

    private init(unchecked text: String) {
        self.text = text
    }

    private static func hexadecimal(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The first eight digits, enough to tell two sessions apart in a log.
    public var description: String { "session \(text.prefix(8))…" }
}
