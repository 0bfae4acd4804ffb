import Foundation
import Ports

/// The preferences file, format version 1: a JSON object such as
/// `{"formatVersion": 1, "language": "en-US", "pinLockTimeoutSeconds": 300,
/// "rememberLastIdentifier": true, "lastIdentifier": "123.456.789-09"}`.
/// A missing key takes its default, an unknown key is ignored (a later
/// version of this format may add one), and a value of the wrong type or out
/// of range makes the whole file unusable: half-read preferences would be
/// preferences nobody chose.
enum PreferencesFileFormat {
    static let version = 1

    /// Why bytes are no preferences of this format.
    struct Unusable: Error {
        let reason: String
    }

    private struct VersionOnly: Decodable {
        let formatVersion: Int
    }

    private struct Contents: Codable {
        var formatVersion: Int
        var language: String?
        var pinLockTimeoutSeconds: Int?
        var rememberLastIdentifier: Bool?
        var lastIdentifier: String?
    }

    static func encode(_ preferences: Preferences) -> Data {
        let contents = Contents(
            formatVersion: version, language: preferences.language?.rawValue,
            pinLockTimeoutSeconds: Int(preferences.pinLockTimeout.components.seconds),
            rememberLastIdentifier: preferences.remembersLastIdentifier, lastIdentifier: preferences.lastIdentifier)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and booleans cannot fail; were it
        // ever to, an empty object would be read back as unusable and said so.
        return ((try? encoder.encode(contents)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    static func decode(_ data: Data) throws(Unusable) -> Preferences {
        let decoder = JSONDecoder()
        guard let versionOnly = try? decoder.decode(VersionOnly.self, from: data) else {
            throw Unusable(reason: "it is not a JSON object with a formatVersion")
        }
        guard versionOnly.formatVersion <= version else {
            throw Unusable(
                reason: "it was written in format version \(versionOnly.formatVersion), newer than \(version)")
        }
        guard versionOnly.formatVersion == version else {
            throw Unusable(reason: "format version \(versionOnly.formatVersion) is unknown")
        }
        let contents: Contents
        do {
            contents = try decoder.decode(Contents.self, from: data)
        } catch {
            throw Unusable(reason: "a value has the wrong type")
        }
        var preferences = Preferences(remembersLastIdentifier: contents.rememberLastIdentifier ?? false)
        if let tag = contents.language {
            guard let language = PreferredLanguage(rawValue: tag) else {
                throw Unusable(reason: "the language is none the app speaks")
            }
            preferences.language = language
        }
        if let seconds = contents.pinLockTimeoutSeconds {
            do {
                try preferences.setPINLockTimeout(.seconds(seconds))
            } catch {
                throw Unusable(reason: "\(error)")
            }
        }
        if let identifier = contents.lastIdentifier {
            do {
                try preferences.rememberLastIdentifier(identifier)
            } catch {
                throw Unusable(reason: "\(error)")
            }
        }
        return preferences
    }
}
