import Foundation
import Ports

/// A `UserSession` as a dictionary of property-list types (strings, numbers,
/// booleans, dictionaries), shared by the JSON and property-list codings:
/// each writes it in its own syntax. Dates are seconds as a double since
/// 2001 (what `Date` itself holds), so they round-trip to the bit: a binary
/// property list stores the double itself; JSON (from version 2) stores its
/// shortest exact decimal as text, because Foundation's JSON parser on Linux
/// reads some numbers back as a neighbouring double. Either form is read. The
/// format name and version come first, so any other bytes are refused before
/// anything else is read. A profile only the sign-in knew carries
/// `"source": "sign-in"`; a profile from the server carries no `source`, so
/// sessions written before the field existed read as they always did, and
/// such sessions are written byte for byte as before. In the same way a
/// token with a refresh token beside it carries `"refreshToken"`; a token
/// without one has no such key, so every session written before reads as a
/// session without a refresh token, and such sessions are written as before;
/// a token that knows its sign-in carries `"lineage"` (32 hexadecimal
/// digits), one written before lineages existed none; and a token of an
/// OpenID Connect sign-in carries its ID token as `"idToken"`, one of any
/// other sign-in (or written before the field existed) none. A session that
/// names the backend that issued it carries it as `"backend"` (text); one
/// written before the field existed has none.
enum SessionDictionary {
    static let format = "gatehouse-session"

    static func make(from session: UserSession, version: Int, datesAsText: Bool = false) -> [String: Any] {
        func date(_ date: Date) -> Any {
            let seconds = date.timeIntervalSinceReferenceDate
            return datesAsText ? seconds.description : seconds
        }
        var dictionary: [String: Any] = ["format": format, "version": version]
        if let backend = session.backend { dictionary["backend"] = backend.text }
        if let token = session.token {
            var fields: [String: Any] = [
                "value": token.token.reveal(), "issuedAt": date(token.issuedAt), "expiresAt": date(token.expiresAt),
            ]
            if let refreshToken = token.refreshToken { fields["refreshToken"] = refreshToken.reveal() }
            if let lineage = token.lineage { fields["lineage"] = lineage.text }
            if let idToken = token.idToken { fields["idToken"] = idToken.reveal() }
            dictionary["token"] = fields
        }
        if let user = session.cachedUser {
            let profile = user.profile
            var fields: [String: Any] = [
                "id": profile.id, "name": profile.name, "email": profile.email, "cpf": profile.cpf,
                "active": profile.active, "isDeleted": profile.isDeleted,
                "syncedAt": date(user.syncedAt),
            ]
            if profile.source != .server { fields["source"] = profile.source.rawValue }
            dictionary["user"] = fields
        }
        return dictionary
    }

    static func session(from object: Any, newestKnown: Int) throws(SessionCodingError) -> UserSession {
        guard let dictionary = object as? [String: Any], dictionary["format"] as? String == format else {
            throw .notASession("not a Gatehouse session")
        }
        guard let version = integer(dictionary["version"]) else { throw .notASession("no format version") }
        guard version <= newestKnown else { throw .unsupportedVersion(found: version, newestKnown: newestKnown) }
        guard version >= 1 else { throw .notASession("format version \(version)") }

        var token: SessionToken?
        if let raw = dictionary["token"] {
            guard let fields = raw as? [String: Any], let value = fields["value"] as? String,
                let issuedAt = double(fields["issuedAt"]), let expiresAt = double(fields["expiresAt"])
            else { throw .notASession("an incomplete token") }
            var refreshToken: RefreshToken?
            if let raw = fields["refreshToken"] {
                guard let text = raw as? String else { throw .notASession("a refresh token that is not text") }
                refreshToken = RefreshToken(text)
            }
            var lineage: SessionLineage?
            if let raw = fields["lineage"] {
                guard let text = raw as? String, let parsed = SessionLineage(text) else {
                    throw .notASession("a session lineage that is not 32 hexadecimal digits")
                }
                lineage = parsed
            }
            var idToken: IDTokenHint?
            if let raw = fields["idToken"] {
                guard let text = raw as? String, !text.isEmpty else {
                    throw .notASession("an ID token that is not text")
                }
                idToken = IDTokenHint(text)
            }
            token = SessionToken(
                token: AccessToken(value), issuedAt: Date(timeIntervalSinceReferenceDate: issuedAt),
                expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt), refreshToken: refreshToken,
                lineage: lineage, idToken: idToken)
        }
        var cachedUser: CachedUser?
        if let raw = dictionary["user"] {
            guard let fields = raw as? [String: Any], let id = fields["id"] as? String,
                let name = fields["name"] as? String, let email = fields["email"] as? String,
                let cpf = fields["cpf"] as? String, let active = bool(fields["active"]),
                let isDeleted = bool(fields["isDeleted"]), let syncedAt = double(fields["syncedAt"])
            else { throw .notASession("an incomplete user") }
            let source = try profileSource(fields["source"])
            cachedUser = CachedUser(
                profile: UserProfile(
                    id: id, name: name, email: email, cpf: cpf, active: active, isDeleted: isDeleted, source: source),
                syncedAt: Date(timeIntervalSinceReferenceDate: syncedAt))
        }
        var backend: SessionBackend?
        if let raw = dictionary["backend"] {
            guard let text = raw as? String, let named = SessionBackend(text) else {
                throw .notASession("a backend that is not one line of text")
            }
            backend = named
        }
        return UserSession(token: token, cachedUser: cachedUser, backend: backend)
    }

    /// Absent: the server's profile (every session written before the field existed).
    private static func profileSource(_ value: Any?) throws(SessionCodingError) -> ProfileSource {
        guard let value else { return .server }
        guard let text = value as? String, let source = ProfileSource(rawValue: text) else {
            throw .notASession("an unknown profile source")
        }
        return source
    }

    // Numbers and booleans both arrive as NSNumber from either syntax, and on
    // Linux a 0 or 1 also answers `is Bool`; the number's type code tells them apart.
    private static func isBoolean(_ value: Any) -> Bool {
        if let number = value as? NSNumber { return String(cString: number.objCType) == "c" }
        return value is Bool
    }

    private static func integer(_ value: Any?) -> Int? {
        guard let value, !isBoolean(value), let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double == double.rounded(), abs(double) < 1e15 else { return nil }
        return Int(double)
    }

    private static func double(_ value: Any?) -> Double? {
        if let text = value as? String {
            // Swift's own parser is exact: the text of a double reads back as that double.
            guard let seconds = Double(text), seconds.isFinite else { return nil }
            return seconds
        }
        guard let value, !isBoolean(value), let number = value as? NSNumber, number.doubleValue.isFinite else {
            return nil
        }
        return number.doubleValue
    }

    private static func bool(_ value: Any?) -> Bool? {
        guard let value, isBoolean(value) else { return nil }
        return value as? Bool
    }
}
