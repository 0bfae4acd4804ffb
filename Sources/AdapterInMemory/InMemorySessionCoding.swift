public import Foundation
public import Ports

/// The in-memory store's `SessionCoding`, so tests encode and decode on every
/// save and read as a Keychain data item would. The session is a JSON object,
/// `{"magic":"gatehouse-in-memory-session","token":{…},"user":{…},"version":1}`,
/// whose `magic` and `version` are read first and alone: other bytes are
/// `.notASession`, a newer version `.unsupportedVersion`, whatever the rest
/// looks like. Errors name at most a missing field, never a value. A profile
/// only the sign-in knew has `"source":"sign-in"` in its user; a server's
/// profile has no `source`, as every session written before the field existed.
/// Likewise a token the backend issued a refresh token beside carries it as
/// `refreshToken`; a token without one is written, and read, as before; a
/// token that knows its sign-in carries it as `lineage`; a token of an
/// OpenID Connect sign-in carries its ID token as `idToken`; and a session
/// that names the backend that issued it carries it as `backend`.
public struct InMemorySessionCoding: SessionCoding {
    /// The format version this build writes and the newest it reads.
    public static let currentVersion = 1
    /// What the `magic` field holds.
    public static let magic = "gatehouse-in-memory-session"

    public init() {}

    public var formatName: String { "in-memory-text" }
    public var formatVersion: Int { Self.currentVersion }

    /// The bytes `JSONEncoder` with `.sortedKeys` writes for the session,
    /// written by hand (`StoredSessionWriter`): a signed-in day saves the
    /// session at every refresh, and the encoder's generic machinery cost
    /// ~100,000 instructions a save. `InMemorySessionWriterTests` checks
    /// the two write the same bytes; reading is still `JSONDecoder`'s.
    public func encode(_ session: UserSession) throws(SessionCodingError) -> Data {
        guard let data = StoredSessionWriter.bytes(of: StoredSession(session)) else {
            // Strings and booleans always encode; only a non-finite date can fail.
            throw .encodingFailed("a date is not a finite number")
        }
        return data
    }

    /// What `JSONEncoder` writes for the session (the coding before the
    /// hand-written writer): the reference its bytes are checked against.
    static func encodedByFoundation(_ session: UserSession) throws(SessionCodingError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return try encoder.encode(StoredSession(session))
        } catch {
            throw .encodingFailed("a date is not a finite number")
        }
    }

    public func decode(_ data: Data) throws(SessionCodingError) -> UserSession {
        let header = try Self.decode(Header.self, from: data)
        guard header.magic == Self.magic else { throw .notASession("not an in-memory session") }
        guard header.version <= Self.currentVersion else {
            throw .unsupportedVersion(found: header.version, newestKnown: Self.currentVersion)
        }
        guard header.version >= 1 else { throw .notASession("format version \(header.version)") }
        let stored = try Self.decode(StoredSession.self, from: data)
        guard stored.user?.source.map({ ProfileSource(rawValue: $0) != nil }) ?? true else {
            throw .notASession("an unknown profile source")
        }
        guard stored.token?.lineage.map({ SessionLineage($0) != nil }) ?? true else {
            throw .notASession("a session lineage that is not 32 hexadecimal digits")
        }
        guard stored.token?.idToken.map({ !$0.isEmpty }) ?? true else {
            throw .notASession("an ID token that is not text")
        }
        guard stored.backend.map({ SessionBackend($0) != nil }) ?? true else {
            throw .notASession("a backend that is not one line of text")
        }
        return stored.userSession
    }

    private static func decode<Value: Decodable>(_: Value.Type, from data: Data) throws(SessionCodingError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw .notASession("missing \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))")
        } catch {
            // Not the decoder's own message: it may quote the bytes, token included.
            throw .notASession("not a well-formed in-memory session")
        }
    }
}

private struct Header: Decodable {
    var magic: String
    var version: Int
}

/// `UserSession` field for field, in types JSON has. Dates keep the coders'
/// default, `Date`'s own coding: the `Double` it holds, so they round-trip exactly.
struct StoredSession: Codable {
    struct Token: Codable {
        var value: String
        var issuedAt, expiresAt: Date
        /// Absent from sessions without one, as every session written before the field existed.
        var refreshToken: String?
        /// Absent from sessions stored before lineages existed.
        var lineage: String?
        /// Absent from sessions of other sign-ins and those stored before the field existed.
        var idToken: String?
    }

    struct User: Codable {
        var id, name, email, cpf: String
        var active, isDeleted: Bool
        /// `ProfileSource`'s raw value; nil for the server's profile.
        var source: String?
        var syncedAt: Date
    }

    /// Absent from sessions stored before sessions named their backend.
    var backend: String?
    var magic = InMemorySessionCoding.magic
    var version = InMemorySessionCoding.currentVersion
    var token: Token?
    var user: User?

    init(_ session: UserSession) {
        backend = session.backend?.text
        token = session.token.map {
            Token(
                value: $0.token.reveal(), issuedAt: $0.issuedAt, expiresAt: $0.expiresAt,
                refreshToken: $0.refreshToken?.reveal(), lineage: $0.lineage?.text, idToken: $0.idToken?.reveal())
        }
        user = session.cachedUser.map {
            let profile = $0.profile
            return User(
                id: profile.id, name: profile.name, email: profile.email, cpf: profile.cpf,
                active: profile.active, isDeleted: profile.isDeleted,
                source: profile.source == .server ? nil : profile.source.rawValue, syncedAt: $0.syncedAt)
        }
    }

    var userSession: UserSession {
        UserSession(
            token: token.map {
                SessionToken(
                    token: AccessToken($0.value), issuedAt: $0.issuedAt, expiresAt: $0.expiresAt,
                    refreshToken: $0.refreshToken.map(RefreshToken.init),
                    lineage: $0.lineage.flatMap(SessionLineage.init), idToken: $0.idToken.map(IDTokenHint.init))
            },
            cachedUser: user.map {
                let profile = UserProfile(
                    id: $0.id, name: $0.name, email: $0.email, cpf: $0.cpf, active: $0.active, isDeleted: $0.isDeleted,
                    source: $0.source.flatMap(ProfileSource.init(rawValue:)) ?? .server)
                return CachedUser(profile: profile, syncedAt: $0.syncedAt)
            },
            backend: backend.flatMap(SessionBackend.init))
    }
}
