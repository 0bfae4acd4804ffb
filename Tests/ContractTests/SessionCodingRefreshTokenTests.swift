import AdapterFileKeychain
import AdapterInMemory
import Foundation
import PortContracts
import Ports
import Testing

/// The refresh token in every coding: stored beside the access token, read
/// back exactly, never in an error; a token without one is written as
/// before the field existed, so sessions written before read as sessions
/// without a refresh token.
@Suite("SessionCoding contract: the refresh token")
struct SessionCodingRefreshTokenTests {
    @Test("A refresh token is stored and read back exactly", arguments: CodingUnderTest.all)
    func refreshTokenRoundTrips(_ sut: CodingUnderTest) throws {
        let sample = CodingSample.withRefreshToken.session

        let read = try sut.coding.decode(try sut.coding.encode(sample))

        #expect(read.token?.refreshToken == sample.token?.refreshToken)
        #expect(read == sample)
    }

    @Test("A token without a refresh token is written without the field, as before", arguments: CodingUnderTest.all)
    func noRefreshTokenWrittenAsBefore(_ sut: CodingUnderTest) throws {
        let encoded = try sut.coding.encode(CodingSample.both.session)

        #expect(encoded.range(of: Data("refreshToken".utf8)) == nil)
        #expect(try sut.coding.decode(encoded).token?.refreshToken == nil)
    }

    @Test("Sessions written before the field existed read with no refresh token, every other field kept")
    func sessionsWrittenBeforeStillRead() throws {
        let token = #""token":{"expiresAt":728467260,"issuedAt":728467200,"value":"tok-old"}"#
        let tokenAsText = #""token":{"expiresAt":"728467260.0","issuedAt":"728467200.0","value":"tok-old"}"#
        let jsonVersion1 = Data(#"{"format":"gatehouse-session",\#(token),"version":1}"#.utf8)
        let jsonVersion2 = Data(#"{"format":"gatehouse-session",\#(tokenAsText),"version":2}"#.utf8)
        let inMemoryText = Data(#"{"magic":"gatehouse-in-memory-session",\#(token),"version":1}"#.utf8)
        let expected = SessionToken(
            token: AccessToken("tok-old"), issuedAt: Date(timeIntervalSinceReferenceDate: 728_467_200),
            expiresAt: Date(timeIntervalSinceReferenceDate: 728_467_260))

        #expect(try JSONSessionCoding().decode(jsonVersion1).token == expected)
        #expect(try JSONSessionCoding().decode(jsonVersion2).token == expected)
        #expect(try InMemorySessionCoding().decode(inMemoryText).token == expected)
    }

    @Test("A refresh token that is not text is not a session this build wrote, and the error shows no token")
    func refreshTokenOfTheWrongTypeRefused() throws {
        let json = Data(
            #"{"format":"gatehouse-session","token":{"expiresAt":"1.0","issuedAt":"0.0","refreshToken":7,"value":"tok-SECRET"},"version":2}"#
                .utf8)

        let error = #expect(throws: SessionCodingError.self) { try JSONSessionCoding().decode(json) }
        #expect(error.map { "\($0)".contains("tok-SECRET") } == false)
    }

    @Test("A refresh token prints, debug-prints and dumps redacted")
    func refreshTokenRedacted() {
        let token = RefreshToken("rt-SECRET")
        var dumped = ""
        dump(token, to: &dumped)

        #expect("\(token)" == "RefreshToken(redacted)")
        #expect(String(reflecting: token) == "RefreshToken(redacted)")
        #expect(!dumped.contains("rt-SECRET"))
        #expect(!"\(RefreshCredential.refreshToken(token))".contains("rt-SECRET"))
        #expect(
            !"\(SessionToken(token: AccessToken("a"), issuedAt: .now, expiresAt: .now, refreshToken: token))".contains(
                "rt-SECRET"))
    }
}
