import DomainCore
import Testing

@Suite("CPF")
struct CPFTests {
    /// Valid CPFs, formatted; check digits computed with the mod-11 rule.
    static let validFormatted = [
        "123.456.789-09", "529.982.247-25", "766.266.920-38",
        "012.345.678-90", "000.000.001-91", "001.234.567-97",
        "111.444.777-35", "987.654.321-00", "100.000.000-19",
    ]

    @Test("accepts a valid formatted CPF and keeps its eleven digits", arguments: validFormatted)
    func acceptsFormatted(_ text: String) throws {
        let cpf = try #require(CPF(text))
        #expect(cpf.digits == text.filter(\.isNumber))
        #expect(cpf.formatted == text)
    }

    @Test("accepts a valid CPF as eleven bare digits", arguments: validFormatted)
    func acceptsBare(_ formatted: String) throws {
        let bare = formatted.filter(\.isNumber)
        let cpf = try #require(CPF(bare))
        #expect(cpf.digits == bare)
        #expect(cpf.formatted == formatted)
    }

    @Test("formatted and bare spellings are the same CPF", arguments: validFormatted)
    func formattedEqualsBare(_ formatted: String) {
        #expect(CPF(formatted) == CPF(formatted.filter(\.isNumber)))
    }

    @Test(
        "tolerates surrounding whitespace",
        arguments: [" 123.456.789-09", "123.456.789-09 ", "\t12345678909\n", "  529.982.247-25  "]
    )
    func toleratesSurroundingWhitespace(_ text: String) {
        #expect(CPF(text) != nil)
    }

    @Test("keeps leading zeros")
    func keepsLeadingZeros() throws {
        let cpf = try #require(CPF("012.345.678-90"))
        #expect(cpf.digits == "01234567890")
        #expect(CPF("000.000.001-91")?.digits == "00000000191")
    }

    @Test(
        "refuses a wrong first check digit",
        arguments: ["123.456.789-19", "529.982.247-05", "766.266.920-48", "012.345.678-00"]
    )
    func refusesWrongFirstCheckDigit(_ text: String) {
        #expect(CPF(text) == nil)
        #expect(CPF(text.filter(\.isNumber)) == nil)
    }

    @Test(
        "refuses a wrong second check digit",
        arguments: ["123.456.789-00", "529.982.247-26", "766.266.920-39", "012.345.678-91"]
    )
    func refusesWrongSecondCheckDigit(_ text: String) {
        #expect(CPF(text) == nil)
        #expect(CPF(text.filter(\.isNumber)) == nil)
    }

    @Test("refuses a changed body digit", arguments: ["123.456.788-09", "529.982.247-52", "023.456.789-09"])
    func refusesChangedBodyDigit(_ text: String) {
        #expect(CPF(text) == nil)
    }

    @Test("refuses all-equal digits, though their check digits compute", arguments: 0...9)
    func refusesAllEqualDigits(_ digit: Int) {
        let bare = String(repeating: String(digit), count: 11)
        let d = String(digit)
        let formatted = "\(d)\(d)\(d).\(d)\(d)\(d).\(d)\(d)\(d)-\(d)\(d)"
        #expect(CPF(bare) == nil)
        #expect(CPF(formatted) == nil)
    }

    @Test(
        "refuses the wrong number of digits",
        arguments: ["", "1234567890", "123456789090", "1", "123.456.789-0", "123.456.789-090", "0123.456.789-09"]
    )
    func refusesWrongLength(_ text: String) {
        #expect(CPF(text) == nil)
    }

    @Test(
        "refuses any other formatting",
        arguments: [
            "123456789-09", "123.456.78909", "123.456789-09", "123-456-789-09", "123.456.789.09",
            "123,456,789-09", "123 456 789 09", "12.3456.789-09", "1234.56.789-09", "123.456.789--9",
            "(123)456.789-09", "123.456.789/09", "123.456.7 89-09", "1234567890 9",
        ]
    )
    func refusesOtherFormatting(_ text: String) {
        #expect(CPF(text) == nil)
    }

    @Test(
        "refuses letters, signs and non-ASCII digits",
        arguments: [
            "1234567890a", "abc.def.ghi-jk", "123.456.789-0X", "+12345678909", "-1234567890",
            "١٢٣٤٥٦٧٨٩٠٩", "１２３４５６７８９０９", "123.456.789-0\u{0669}", "12345678909\u{0301}",
        ]
    )
    func refusesNonDigits(_ text: String) {
        #expect(CPF(text) == nil)
    }

    @Test("masks the first three and the check digits for display")
    func masks() throws {
        #expect(try #require(CPF("123.456.789-09")).masked == "***.456.789-**")
        #expect(try #require(CPF("01234567890")).masked == "***.345.678-**")
    }
}
