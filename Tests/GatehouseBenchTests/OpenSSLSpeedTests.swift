import Testing

@testable import GatehouseBench

/// Issue 56, item 5: the signature scenario sets each verification beside
/// OpenSSL's own on the same machine in the same run, as a ratio with a
/// goal; without OpenSSL's figure, the row says so and meets nothing.
@Suite("The signature scenario's ratios to OpenSSL")
struct OpenSSLSpeedTests {
    /// What `openssl speed -seconds 1 -mr rsa2048 ecdsap256` printed on the
    /// development machine (OpenSSL 3.0), progress lines included.
    static let output = """
        +DTP:2048:private:rsa:1
        +R1:3764:2048:1.00
        +DTP:2048:public:rsa:1
        +R2:61413:2048:1.00
        +DTP:256:sign:ecdsa:1
        +R5:50939:256:0.99
        +DTP:256:verify:ecdsa:1
        +R6:15381:256:1.00
        +F2:2:2048:3764.000000:61413.000000
        +F4:3:256:51453.535354:15381.000000
        """

    @Test("The machine-readable lines give one verification's time for each")
    func parsesTheFigures() throws {
        let speed = try #require(OpenSSLSpeed.parse(Self.output))
        #expect(abs(speed.rsa2048Verify - 1 / 61413.0) < 1e-12)
        #expect(abs(speed.ecdsaP256Verify - 1 / 15381.0) < 1e-12)
    }

    @Test("Output without both figures, or with one zero, gives none")
    func incompleteOutputGivesNone() {
        #expect(OpenSSLSpeed.parse("") == nil)
        #expect(OpenSSLSpeed.parse("+F2:2:2048:3764.000000:61413.000000") == nil)
        #expect(OpenSSLSpeed.parse("+F2:2:2048:1:0\n+F4:3:256:1:15381") == nil)
        #expect(OpenSSLSpeed.parse("+F2:2:4096:1:900\n+F4:3:256:1:15381") == nil, "not the 2048-bit figure")
    }

    @Test("A ratio within its goal passes, one past it is short, and no OpenSSL figure meets nothing")
    func rowsCarryTheRatio() throws {
        let speed = try #require(OpenSSLSpeed.parse(Self.output))
        let within = OpenSSLSpeed.row(algorithm: "RS256", ours: 40e-6, openSSL: speed, goal: 3)
        #expect(within.verdict == .pass)
        #expect(within.figures.contains("2.5×"), "\(within.figures)")
        let past = OpenSSLSpeed.row(algorithm: "ES256", ours: 400e-6, openSSL: speed, goal: 5)
        #expect(past.verdict == .short)
        let none = OpenSSLSpeed.row(algorithm: "RS256", ours: 1e-6, openSSL: nil, goal: 3)
        #expect(none.verdict == .short)
        #expect(none.figures.contains("not measured"))
    }
}
