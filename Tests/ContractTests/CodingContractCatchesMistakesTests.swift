import AdapterFileKeychain
import Foundation
import PortContracts
import Ports
import Testing

/// `SessionCodingContract` fails a coding that breaks a promise: the test
/// passes only if the check records an issue (`withKnownIssue` fails when none comes).
@Suite("The coding contract catches what it must")
struct CodingContractCatchesMistakesTests {
    @Test("A coding that drops the refresh token breaks the every-field round trip")
    func aCodingThatLosesAFieldFails() throws {
        let lossy = RefreshTokenDropping(base: JSONSessionCoding())
        let sut = SessionCodingUnderTest(coding: lossy) {
            JSONSessionCoding().encode($0, asVersion: JSONSessionCoding.currentVersion + 1)
        }
        withKnownIssue {
            try SessionCodingContract.check(.decodesEverySampleWithEveryField, on: sut)
        }
    }
}

/// The planted mistake: the refresh token is not written, so a relaunch
/// would sign the person out at the next expiry.
private struct RefreshTokenDropping: SessionCoding {
    let base: JSONSessionCoding

    var formatName: String { base.formatName }
    var formatVersion: Int { base.formatVersion }

    func encode(_ session: UserSession) throws(SessionCodingError) -> Data {
        let token = session.token.map {
            SessionToken(
                token: $0.token, issuedAt: $0.issuedAt, expiresAt: $0.expiresAt, refreshToken: nil,
                lineage: $0.lineage, idToken: $0.idToken)
        }
        return try base.encode(UserSession(token: token, cachedUser: session.cachedUser))
    }

    func decode(_ data: Data) throws(SessionCodingError) -> UserSession { try base.decode(data) }
}
