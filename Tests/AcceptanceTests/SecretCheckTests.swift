import Composition
import Testing

@testable import GatehouseApp
import CompositionTesting

/// The runner's secret check (issue 3 item 5): a transcript that shows a
/// token, a password or the API key fails its script, and the secret is
/// never printed — only its kind.
@MainActor
@Suite("Secret check")
struct SecretCheckTests {
    static let mariasPassword = KnownSecret(.password, "123456")

    /// Maria signed in through the screens: the backend has issued a token.
    private func signedInWorld() async throws -> (AppWorld, HeadlessApp) {
        let world = try AppWorld(testing: .inMemory)
        let app = HeadlessApp(world: world, texts: Texts(locale: .ptBR))
        await app.launch()
        try await app.tap("sign-in")
        try await app.type("identifier", "123.456.789-09")
        try await app.tap("next")
        try await app.type("password", "123456")
        try await app.tap("next")
        #expect(app.snapshot().name == "dashboard")
        return (world, app)
    }

    @Test("A transcript that shows a token the backend issued is caught, and reported by kind only")
    func issuedTokenInTranscriptIsALeak() async throws {
        let (world, app) = try await signedInWorld()
        let secrets = try #require(await world.control?.knownSecrets())
        let token = try #require(secrets.first { $0.kind == .token }).reveal()
        let transcript = app.renderedScreen() + "\n│ debug: token=\(token)\n└─"
        await app.shutDown()

        let check = SecretCheck(secrets)

        #expect(check.leaks(in: transcript) == [.token])
        #expect(!check.redacted(transcript).contains(token))
        #expect(check.redacted(transcript).contains("token=‹token›"))
        #expect(check.leaks(in: app.renderedScreen()).isEmpty, "the dashboard itself shows no secret")
    }

    @Test("The backend knows every token it issued and every account's password, by kind")
    func backendListsItsSecrets() async throws {
        let (world, app) = try await signedInWorld()
        await app.wait(.seconds(50))
        await app.shutDown()

        let secrets = try #require(await world.control?.knownSecrets())

        #expect(secrets.filter { $0.kind == .token }.count == 2, "the sign-in's token and the refreshed one")
        #expect(secrets.contains(Self.mariasPassword))
        #expect(!"\(secrets)".contains("123456"), "a KnownSecret prints redacted")
    }

    @Test(
        "A secret counts only as a whole token, not inside a longer run of letters or digits",
        arguments: [
            ("CPF 12345678909", false),
            ("CPF 123.456.789-09", false),
            ("id x123456", false),
            ("id 1234567", false),
            ("senha 123456", true),
            ("senha: 123456.", true),
            ("(123456)", true),
            ("123456", true),
            ("•123456•", true),
        ])
    func wholeTokenMatching(_ text: String, isLeak: Bool) {
        let check = SecretCheck([Self.mariasPassword])

        #expect(check.leaks(in: text) == (isLeak ? [.password] : []))
        #expect(check.redacted(text).contains("‹password›") == isLeak)
    }

    @Test("Each kind that leaked is named once, in a fixed order")
    func kindsAreNamedOnce() {
        let check = SecretCheck([
            KnownSecret(.token, "aaaa1111"), KnownSecret(.apiKey, "key-123"), Self.mariasPassword,
            KnownSecret(.token, "bbbb2222"),
        ])

        #expect(check.leaks(in: "bbbb2222 then key-123 then aaaa1111 then 123456") == [.token, .password, .apiKey])
        #expect(check.redacted("bbbb2222 key-123 123456") == "‹token› ‹API key› ‹password›")
    }

    @Test("A secret inside a longer secret is redacted with the longer one")
    func longerSecretsFirst() {
        let check = SecretCheck([KnownSecret(.password, "abcd"), KnownSecret(.token, "abcd-efgh")])

        #expect(check.redacted("t=abcd-efgh p=abcd") == "t=‹token› p=‹password›")
    }

    @Test("A script whose screen shows a password fails, naming the kind and never the password")
    func runnerFailsAScriptThatShowsAPassword() async throws {
        let printed = PrintedLines()
        // Maria's password typed into the identifier field: the field shows what was typed.
        let script = """
            tap sign-in
            type identifier 123456
            expect screen sign-in
            """

        let report = await ScriptRunner.forTests(printingInto: printed).run(script: script, named: "leak.flow")

        #expect(!report.passed)
        #expect(report.transcriptText.contains("✘ leak.flow:2: the output shows a password"))
        #expect(SecretCheck([Self.mariasPassword]).leaks(in: printed.text).isEmpty, "printed: \(printed.text)")
        #expect(!report.transcriptText.contains("> expect screen sign-in"), "the script stops at the leak")
    }

    @Test("What a script typed into a password field counts as a secret")
    func typedPasswordsAreSecrets() async throws {
        // Not an account's password: known only because the script typed it as one.
        let script = """
            tap sign-up
            type password 975310
            type name 975310
            """

        let report = await ScriptRunner.forTests().run(script: script, named: "typed.flow")

        #expect(!report.passed, "the name field shows the typed password")
        #expect(report.transcriptText.contains("✘ typed.flow:3: the output shows a password"))
        #expect(!report.transcriptText.contains("975310"))
        #expect(report.transcriptText.contains("> type password ••••••"))
    }

    @Test("A character equal to an ASCII one counts as it: U+212A KELVIN SIGN is K")
    func canonicallyEqualCharactersMatch() {
        let check = SecretCheck([KnownSecret(.token, "K9zzQ"), KnownSecret(.password, "s3cr\u{E9}t")])

        #expect(check.leaks(in: "x \u{212A}9zzQ y") == [.token])
        #expect(check.redacted("x \u{212A}9zzQ y") == "x ‹token› y")
        // é written as e and a combining acute accent is the same character.
        #expect(check.leaks(in: "p=s3cre\u{301}t.") == [.password])
    }

    @Test(
        "Among thousands of secrets, one shown with a character equal to its ASCII one is found, wherever it stands",
        arguments: 0..<6)
    func kelvinSignAnywhereInASecret(position: Int) {
        var random = SeededWords(seed: 7)
        let tokens = (0..<3_000).map { _ in KnownSecret(.token, random.word(length: 12)) }
        var secret = Array(random.word(length: 12))
        secret[position] = "K"
        var shown = secret.map(String.init)
        shown[position] = "\u{212A}"
        let check = SecretCheck(tokens + [KnownSecret(.token, String(secret))])

        #expect(check.leaks(in: "│ id: " + shown.joined() + " ·") == [.token], "K at \(position)")
        #expect(check.leaks(in: "│ id: x" + shown.joined() + " ·").isEmpty, "inside a longer word")
    }

    @Test(
        "With thousands of secrets the check finds what comparing every place finds, in a screen and in ASCII events",
        arguments: [(1, false), (2, false), (3, false), (4, true), (5, true), (6, true)])
    func manySecretsAgreeWithAPlainSearch(seed: UInt64, asciiOnly: Bool) {
        var random = SeededWords(seed: seed)
        // Besides the tokens (found by their first four characters) and the
        // password, secrets searched one by one: one too short to index,
        // one that starts with a character not ASCII.
        // Two tokens with a K, shown as the Kelvin sign (not ASCII, equal to
        // K) at a place's first character and inside its first four.
        let kelvinTokens = ["K" + random.word(length: 11), "xK" + random.word(length: 10)]
        let secrets =
            (0..<3_000).map { _ in KnownSecret(.token, random.word(length: 12)) }
            + kelvinTokens.map { KnownSecret(.token, $0) } + [
                KnownSecret(.apiKey, "k9"), KnownSecret(.apiKey, "\u{212A}ey-\(random.word(length: 4))"),
            ]
        let check = SecretCheck(secrets + [Self.mariasPassword])
        for _ in 0..<20 {
            // A record of events is ASCII, which the check reads byte by byte; a screen is not.
            var text =
                asciiOnly
                ? "{\"event\":\"signedIn\",\"cpf\":\"123.456.789-09\",\"at\":\"k9 "
                : "┌─ Início · dashboard\n│ Olá, Maria Silva! 123.456.789-09 é "
            for _ in 0..<6 {
                let roll = random.next() % 4
                text +=
                    roll == 0 ? secrets[Int(random.next() % UInt64(secrets.count))].reveal() : random.word(length: 5)
                // A character that is not ASCII may stand inside a secret's first four (K as the Kelvin sign).
                if roll == 1 {
                    let token = kelvinTokens[Int(random.next() % 2)]
                    text += asciiOnly ? token : token.replacingOccurrences(of: "K", with: "\u{212A}")
                }
                let separators =
                    asciiOnly
                    ? ["", " ", "\"", "-", "\n", ",", "k9 ", "\r\n"]
                    : ["", " ", "•", "é", "\u{301}", "-", "\n│ ", "\u{212A}", "k9 "]
                text += separators[Int(random.next() % UInt64(separators.count))]
            }
            text += random.next() % 2 == 0 ? " 123456" : " x123456"
            let expected = Self.plainLeaks(of: secrets + [Self.mariasPassword], in: text)

            #expect(check.leaks(in: text) == expected, "in \(text)")
            #expect(check.leaks(in: check.redacted(text)).isEmpty, "redacted: \(check.redacted(text))")
        }
    }

    /// The kinds shown, by comparing the characters at every place (the check before it was indexed).
    private static func plainLeaks(of secrets: [KnownSecret], in text: String) -> [KnownSecret.Kind] {
        let characters = Array(text)
        func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber }
        var shown = Set<KnownSecret.Kind>()
        for secret in secrets {
            let needle = Array(secret.reveal())
            guard needle.count <= characters.count else { continue }
            for start in 0...(characters.count - needle.count) {
                let end = start + needle.count
                guard characters[start..<end].elementsEqual(needle) else { continue }
                let joinsBefore = start > 0 && isWord(needle[0]) && isWord(characters[start - 1])
                let joinsAfter = end < characters.count && isWord(needle[needle.count - 1]) && isWord(characters[end])
                if !joinsBefore && !joinsAfter { shown.insert(secret.kind) }
            }
        }
        return KnownSecret.Kind.allCases.filter(shown.contains)
    }
}

/// Letters and digits from a fixed seed (a linear congruential generator), so a failure repeats.
private struct SeededWords {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }

    mutating func word(length: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
    }
}
