import AdapterFileKeychain
import Foundation
import Ports
import Testing

/// The JSON coding writes dates as exact text since format version 2, and
/// still reads the sessions version 1 wrote with JSON numbers.
@Suite("JSON session format versions")
struct JSONFormatVersionTests {
    private let session = UserSession(
        token: SessionToken(
            token: AccessToken("c0ffee7d5e2a4b6c8d0e1f2a3b4c5d6e"),
            issuedAt: Date(timeIntervalSinceReferenceDate: 1.25),
            expiresAt: Date(timeIntervalSinceReferenceDate: 61.5)),
        cachedUser: CachedUser(
            profile: UserProfile(
                id: "7", name: "Ana Lima", email: "ana@example.com", cpf: "12345678909", active: true,
                isDeleted: false),
            syncedAt: Date(timeIntervalSinceReferenceDate: 0.1)))

    @Test("A session written by version 1 (dates as JSON numbers) is still read")
    func versionOneIsRead() throws {
        let written = JSONSessionCoding().encode(session, asVersion: 1)
        #expect(String(decoding: written, as: UTF8.self).contains(#""issuedAt":1.25"#))

        #expect(try JSONSessionCoding().decode(written) == session)
    }

    @Test("Version 2 writes each date as the text of its double")
    func versionTwoWritesDatesAsText() throws {
        let written = String(decoding: try JSONSessionCoding().encode(session), as: UTF8.self)

        #expect(written.contains(#""version":2"#))
        #expect(written.contains(#""issuedAt":"1.25""#))
        #expect(written.contains(#""syncedAt":"0.1""#))
    }
}
