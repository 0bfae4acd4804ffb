public import Foundation
public import Ports

/// The session as a binary property list (Koober's `UserSessionPropertyListCoder`,
/// without its forced `try`): the same fields as the JSON coding. Binary
/// property lists holding kinds a session never holds (sets above all, which
/// crash Linux Foundation's parser) are refused before they are parsed.
public struct PropertyListSessionCoding: SessionCoding {
    public static let currentVersion = 1

    public init() {}

    public var formatName: String { "plist" }
    public var formatVersion: Int { Self.currentVersion }

    public func encode(_ session: UserSession) throws(SessionCodingError) -> Data {
        try encode(session, asVersion: Self.currentVersion)
    }

    /// The session written as `version` (tests use this to make a newer file).
    public func encode(_ session: UserSession, asVersion version: Int) throws(SessionCodingError) -> Data {
        let object = SessionDictionary.make(from: session, version: version)
        do {
            return try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        } catch {
            throw .encodingFailed("property list serialisation failed")
        }
    }

    public func decode(_ data: Data) throws(SessionCodingError) -> UserSession {
        if let refusal = BinaryPropertyListShape.refusal([UInt8](data)) {
            throw .notASession(refusal)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notASession(data.isEmpty ? "empty" : "not a property list")
        }
        return try SessionDictionary.session(from: object, newestKnown: Self.currentVersion)
    }
}
