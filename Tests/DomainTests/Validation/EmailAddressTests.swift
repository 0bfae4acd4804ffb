import DomainCore
import Testing

@Suite("EmailAddress")
struct EmailAddressTests {
    @Test(
        "accepts a well-formed address and normalises it",
        arguments: [
            ("maria@example.com", "maria@example.com"),
            ("  maria@example.com\n", "maria@example.com"),
            ("Maria.Silva@Example.COM", "Maria.Silva@example.com"),
            ("joao+statements@mail.example.com.br", "joao+statements@mail.example.com.br"),
            ("user_name-1@my-domain.org", "user_name-1@my-domain.org"),
            ("x@b.co", "x@b.co"),
            ("o'neil@example.ie", "o'neil@example.ie"),
            ("joão@exemplo.com.br", "joão@exemplo.com.br"),
            ("maria@123.example.com", "maria@123.example.com"),
        ]
    )
    func accepts(_ text: String, normalised: String) throws {
        let address = try #require(EmailAddress(text))
        #expect(address.value == normalised)
    }

    @Test("splits local part, as typed, and domain, lowercased")
    func splitsParts() throws {
        let address = try #require(EmailAddress(" Maria@Example.COM "))
        #expect(address.localPart == "Maria")
        #expect(address.domain == "example.com")
    }

    @Test(
        "refuses a malformed address",
        arguments: [
            "", "   ", "maria", "maria@", "@example.com", "maria@example", "maria@@example.com",
            "a@b@example.com", "ma ria@example.com", "maria@exa mple.com", "maria @example.com",
            "maria\t@example.com", "maria@example.c", "maria@example.c0m", "maria@example.123",
            "maria@.example.com", "maria@example..com", "maria@example.com.", "maria@-example.com",
            "maria@example-.com", "maria@exam_ple.com", "maria@exam!ple.com", ".maria@example.com",
            "maria.@example.com", "ma..ria@example.com", "<maria@example.com>", "\"maria\"@example.com",
            "maria,silva@example.com", "maria@[127.0.0.1]", "maria@example.com\u{0000}",
        ]
    )
    func refuses(_ text: String) {
        #expect(EmailAddress(text) == nil)
    }

    @Test("refuses a local part over 64 bytes and an address over 254")
    func refusesTooLong() {
        let longestLocal = String(repeating: "a", count: 64)
        #expect(EmailAddress(longestLocal + "@example.com") != nil)
        #expect(EmailAddress(longestLocal + "a@example.com") == nil)

        let label = String(repeating: "b", count: 60)
        let domain = [label, label, label, label, "com"].joined(separator: ".")  // 247 characters
        let fits = String(repeating: "a", count: 254 - 1 - domain.count) + "@" + domain
        #expect(domain.count == 247)
        #expect(fits.utf8.count == 254)
        #expect(EmailAddress(fits) != nil)
        #expect(EmailAddress("a" + fits) == nil)
    }

    /// "İ" is two UTF-8 bytes and lower-cases to "i" plus a combining dot,
    /// three: a domain of them grows once normalised, and the limit is on
    /// the address that is sent.
    @Test("refuses an address that is within 254 bytes as typed but over once its domain is lower-cased")
    func refusesWhatGrowsPastTheLimitWhenLowerCased() throws {
        let label = String(repeating: "İ", count: 50)
        let domain = label + "." + label + ".com"
        let typed = String(repeating: "a", count: 40) + "@" + domain
        #expect(typed.utf8.count == 246)
        #expect((String(repeating: "a", count: 40) + "@" + domain.lowercased()).utf8.count == 346)
        #expect(EmailAddress(typed) == nil)
        #expect(PersonalDetailsRules.emailProblem(typed) == .invalidEmail)
    }

    @Test("accepts an address that grows when lower-cased but still fits, and sends the lower-cased one")
    func acceptsWhatStillFitsWhenLowerCased() throws {
        let domain = String(repeating: "İ", count: 10) + ".com"
        let address = try #require(EmailAddress("maria@" + domain))
        #expect(address.domain == domain.lowercased())
        #expect(address.value.utf8.count == 6 + 30 + 4)
    }
}
