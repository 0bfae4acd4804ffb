public import Foundation
public import Ports

/// The session as JSON: `{"format":"gatehouse-session","version":2,"token":{…},"user":{…}}`.
/// Version 2 writes dates as exact decimal text (version 1 wrote JSON numbers,
/// which Foundation's parser on Linux does not always read back exactly);
/// both are read.
public struct JSONSessionCoding: SessionCoding {
    public static let currentVersion = 2

    public init() {}

    public var formatName: String { "json" }
    public var formatVersion: Int { Self.currentVersion }

    public func encode(_ session: UserSession) throws(SessionCodingError) -> Data {
        encode(session, asVersion: Self.currentVersion)
    }

    /// The session written as `version` (tests use this to make a newer file).
    public func encode(_ session: UserSession, asVersion version: Int) -> Data {
        let object = SessionDictionary.make(from: session, version: version, datesAsText: version >= 2)
        // A dictionary of strings, numbers and booleans always serialises.
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return JSONByteOrderMarks.escaping(json)
    }

    public func decode(_ data: Data) throws(SessionCodingError) -> UserSession {
        let object: Any
        do {
            // Files written before marks were escaped are read exactly too.
            object = try JSONSerialization.jsonObject(with: JSONByteOrderMarks.escaping(data))
        } catch {
            throw .notASession(data.isEmpty ? "empty" : "not JSON")
        }
        return try SessionDictionary.session(from: object, newestKnown: Self.currentVersion)
    }
}
