import Foundation
import PortContracts
import Ports
import Testing

@testable import AdapterInMemory
import SeededNumbers

/// The in-memory coding writes its JSON by hand (`StoredSessionWriter`);
/// these tests pin that it writes exactly the bytes `JSONEncoder` wrote
/// before it, so stored sessions and every reader of them are unchanged.
@Suite("In-memory session writer")
struct InMemorySessionWriterTests {
    @Test("every coding sample is written as JSONEncoder writes it")
    func samplesAreWrittenAsTheEncoderWritesThem() throws {
        for sample in CodingSample.all {
            let written = try InMemorySessionCoding().encode(sample.session)
            #expect(written == (try InMemorySessionCoding.encodedByFoundation(sample.session)), "\(sample)")
        }
    }

    @Test("on 5,000 seeded sessions (escapes, control characters, Unicode, any date) the bytes are the encoder's")
    func seededSessionsAreWrittenAsTheEncoderWritesThem() throws {
        var generator = SeededGenerator(seed: 30)
        var disagreements = 0
        for _ in 0..<5_000 {
            let session = Self.session(using: &generator)
            let written = try InMemorySessionCoding().encode(session)
            let reference = try InMemorySessionCoding.encodedByFoundation(session)
            if written != reference {
                disagreements += 1
                if disagreements <= 3 {
                    Issue.record(
                        "wrote \(String(decoding: written, as: UTF8.self)), the encoder \(String(decoding: reference, as: UTF8.self))"
                    )
                }
            }
            #expect(try InMemorySessionCoding().decode(written) == session)
        }
        #expect(disagreements == 0)
    }

    @Test("a date that is not a finite number is refused, as the encoder refuses it")
    func nonFiniteDateIsRefused() {
        let token = SessionToken(
            token: AccessToken("token"), issuedAt: Date(timeIntervalSinceReferenceDate: .infinity),
            expiresAt: Date(timeIntervalSinceReferenceDate: 0))
        #expect(throws: SessionCodingError.self) {
            try InMemorySessionCoding().encode(UserSession(token: token, cachedUser: nil))
        }
    }

    private static let pieces: [String] = [
        "a", "Z", "0", "9", " ", "-", "_", ".", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\u{9}", "\u{A}", "\u{B}",
        "\u{C}", "\u{D}", "\u{1F}", "\u{7F}", "ç", "é", "ã", "ß", "€", "\u{212A}", "e\u{301}", "👍", "🇧🇷", "中",
        "\u{2028}",
        "\u{FEFF}", "+", "=", "&", "<", ">", "'",
    ]

    private static func text(using generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...24, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
    }

    private static func date(using generator: inout SeededGenerator) -> Date {
        let seconds: Double =
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: Double(Int.random(in: -2_000_000_000...2_000_000_000, using: &generator))
            case 1: Double.random(in: -1e9...2e9, using: &generator)
            case 2: Double.random(in: -1...1, using: &generator)
            case 3: Double.random(in: 1e15...1e18, using: &generator)
            case 4: Double(Int.random(in: -3...3, using: &generator)) * 1e-7
            default: 786_000_000 + Double(Int.random(in: 0...999, using: &generator)) / 1_000
            }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    private static func session(using generator: inout SeededGenerator) -> UserSession {
        let hasToken = Int.random(in: 0..<4, using: &generator) != 0
        let hasUser = !hasToken || Bool.random(using: &generator)
        let token =
            hasToken
            ? SessionToken(
                token: AccessToken(text(using: &generator)), issuedAt: date(using: &generator),
                expiresAt: date(using: &generator),
                refreshToken: Bool.random(using: &generator) ? RefreshToken(text(using: &generator)) : nil,
                lineage: Bool.random(using: &generator) ? SessionLineage.random() : nil,
                idToken: Bool.random(using: &generator) ? IDTokenHint("id." + text(using: &generator)) : nil)
            : nil
        let user =
            hasUser
            ? CachedUser(
                profile: UserProfile(
                    id: text(using: &generator), name: text(using: &generator), email: text(using: &generator),
                    cpf: text(using: &generator), active: Bool.random(using: &generator),
                    isDeleted: Bool.random(using: &generator),
                    source: Bool.random(using: &generator) ? .server : .signIn),
                syncedAt: date(using: &generator))
            : nil
        return UserSession(token: token, cachedUser: user)
    }
}
