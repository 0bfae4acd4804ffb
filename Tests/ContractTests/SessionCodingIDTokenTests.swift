import AdapterFileKeychain
import AdapterInMemory
import Foundation
import PortContracts
import Ports
import Testing

/// The OpenID Connect ID token in every coding, as the lineage before it:
/// stored beside the access token, read back exactly, never in an error; a
/// token without one is written as before the field existed, so sessions
/// written before read as sessions without an ID token.
@Suite("SessionCoding contract: the ID token")
struct SessionCodingIDTokenTests {
    @Test("An ID token is stored and read back exactly", arguments: CodingUnderTest.all)
    func idTokenRoundTrips(_ sut: CodingUnderTest) throws {
        let sample = CodingSample.withIDToken.session

        let read = try sut.coding.decode(try sut.coding.encode(sample))

        #expect(read.token?.idToken == sample.token?.idToken)
        #expect(read == sample)
    }

    @Test("A token without an ID token is written without the field, as before", arguments: CodingUnderTest.all)
    func noIDTokenWrittenAsBefore(_ sut: CodingUnderTest) throws {
        let encoded = try sut.coding.encode(CodingSample.withLineage.session)

        #expect(encoded.range(of: Data("idToken".utf8)) == nil)
        #expect(try sut.coding.decode(encoded).token?.idToken == nil)
    }

    @Test("Sessions written before the field existed read with no ID token, every other field kept")
    func sessionsWrittenBeforeStillRead() throws {
        let lineage = "0123456789abcdef0123456789abcdef"
        let token =
            #""token":{"expiresAt":728467260,"issuedAt":728467200,"lineage":"\#(lineage)","refreshToken":"rt-old","value":"tok-old"}"#
        let tokenAsText =
            #""token":{"expiresAt":"728467260.0","issuedAt":"728467200.0","lineage":"\#(lineage)","refreshToken":"rt-old","value":"tok-old"}"#
        let jsonVersion2 = Data(#"{"format":"gatehouse-session",\#(tokenAsText),"version":2}"#.utf8)
        let inMemoryText = Data(#"{"magic":"gatehouse-in-memory-session",\#(token),"version":1}"#.utf8)
        let expected = SessionToken(
            token: AccessToken("tok-old"), issuedAt: Date(timeIntervalSinceReferenceDate: 728_467_200),
            expiresAt: Date(timeIntervalSinceReferenceDate: 728_467_260), refreshToken: RefreshToken("rt-old"),
            lineage: SessionLineage(lineage))

        #expect(try JSONSessionCoding().decode(jsonVersion2).token == expected)
        #expect(try InMemorySessionCoding().decode(inMemoryText).token == expected)
    }

    @Test(
        "An ID token that is not text, or empty, is not a session this build wrote, and the error shows no token",
        arguments: [#"7"#, #""""#])
    func idTokenOfTheWrongKindRefused(_ value: String) throws {
        let json = Data(
            #"{"format":"gatehouse-session","token":{"expiresAt":"1.0","idToken":\#(value),"issuedAt":"0.0","value":"tok-SECRET"},"version":2}"#
                .utf8)
        let inMemory = Data(
            #"{"magic":"gatehouse-in-memory-session","token":{"expiresAt":1,"idToken":\#(value),"issuedAt":0,"value":"tok-SECRET"},"version":1}"#
                .utf8)

        let jsonError = #expect(throws: SessionCodingError.self) { try JSONSessionCoding().decode(json) }
        let inMemoryError = #expect(throws: SessionCodingError.self) { try InMemorySessionCoding().decode(inMemory) }
        #expect(jsonError.map { "\($0)".contains("tok-SECRET") } == false)
        #expect(inMemoryError.map { "\($0)".contains("tok-SECRET") } == false)
    }

    @Test("An ID token prints, debug-prints and dumps redacted, alone and in a session")
    func idTokenRedacted() {
        let session = CodingSample.withIDToken.session
        var dumped = ""
        dump(session, to: &dumped)

        #expect("\(IDTokenHint("id-SECRET"))" == "IDTokenHint(redacted)")
        #expect(String(reflecting: IDTokenHint("id-SECRET")) == "IDTokenHint(redacted)")
        #expect(!dumped.contains("SECRET"))
        #expect(!"\(session)".contains("SECRET"))
    }
}
