import AdapterFileKeychain
import AdapterInMemory
import Foundation
import PortContracts
import Ports
import Testing

/// Where a kept profile came from (`UserProfile.source`), in every coding:
/// a server's profile is written exactly as before the field existed, so old
/// sessions read as the server's; a profile only the sign-in knew says so.
@Suite("SessionCoding contract: the profile's source")
struct SessionCodingProfileSourceTests {
    @Test("A server's profile is written without a source, as sessions were before", arguments: CodingUnderTest.all)
    func serverProfileWrittenAsBefore(_ sut: CodingUnderTest) throws {
        let encoded = try sut.coding.encode(CodingSample.both.session)

        #expect(encoded.range(of: Data("source".utf8)) == nil)
        #expect(try sut.coding.decode(encoded).cachedUser?.profile.source == .server)
    }

    @Test("A profile only the sign-in knew is written with its source and read back so", arguments: CodingUnderTest.all)
    func signInProfileKeepsItsSource(_ sut: CodingUnderTest) throws {
        let encoded = try sut.coding.encode(CodingSample.signInProfile.session)

        #expect(encoded.range(of: Data("sign-in".utf8)) != nil)
        #expect(try sut.coding.decode(encoded).cachedUser?.profile.source == .signIn)
    }

    @Test("A source this build does not know is not a session it wrote", arguments: CodingUnderTest.all)
    func unknownSourceRefused(_ sut: CodingUnderTest) throws {
        let encoded = try sut.coding.encode(CodingSample.signInProfile.session)
        let range = try #require(encoded.range(of: Data("sign-in".utf8)))
        var foreign = encoded
        foreign.replaceSubrange(range, with: Data("someone".utf8))

        #expect(throws: SessionCodingError.notASession("an unknown profile source")) { try sut.coding.decode(foreign) }
    }

    @Test("Sessions written before the field existed read as the server's profile, every field kept")
    func sessionsWrittenBeforeStillRead() throws {
        let user =
            #""user":{"active":true,"cpf":"12345678909","email":"ana@example.com","id":"user-1","isDeleted":false,"name":"Ana Souza","syncedAt":"#
        let jsonVersion1 = Data(#"{"format":"gatehouse-session",\#(user)728467200},"version":1}"#.utf8)
        let jsonVersion2 = Data(#"{"format":"gatehouse-session",\#(user)"728467200.0"},"version":2}"#.utf8)
        let inMemoryText = Data(#"{"magic":"gatehouse-in-memory-session",\#(user)728467200},"version":1}"#.utf8)
        let expected = CachedUser(
            profile: CodingSample.profile, syncedAt: Date(timeIntervalSinceReferenceDate: 728_467_200))

        #expect(try JSONSessionCoding().decode(jsonVersion1).cachedUser == expected)
        #expect(try JSONSessionCoding().decode(jsonVersion2).cachedUser == expected)
        #expect(try InMemorySessionCoding().decode(inMemoryText).cachedUser == expected)
    }
}
