// Compiled into the session-coding harnesses by scripts/fuzz.
import AdapterFileKeychain
import AdapterInMemory
import Foundation
import Ports

/// Every coding of the package: a session one of them reads must be one
/// every one of them can write and read back.
let everySessionCoding: [any SessionCoding] = [
    JSONSessionCoding(), PropertyListSessionCoding(), InMemorySessionCoding(),
]

/// The properties every `SessionCoding` keeps, whatever the bytes:
/// - decoding fails only as the port says (`notASession`, or
///   `unsupportedVersion` with a version above the newest known);
/// - decoding is deterministic;
/// - a decoded session re-encodes, in this coding and in every other, to
///   bytes that decode to an equal session (the port's `decode(encode(s)) == s`).
/// (Not "the same bytes twice": a binary plist writes a dictionary in its
/// hash order, which the port does not promise to keep.)
/// Messages never show the session: its token is a secret even here.
func checkSessionCoding(_ coding: any SessionCoding, on input: [UInt8]) {
    let data = Data(input)
    let session: UserSession
    do {
        session = try coding.decode(data)
    } catch {
        switch error {
        case .notASession: break
        case .unsupportedVersion(let found, let newest):
            fuzzRequire(
                found > newest, "\(coding.formatName): unsupportedVersion(found: \(found), newestKnown: \(newest))")
        case .encodingFailed:
            fuzzRequire(false, "\(coding.formatName): decode threw encodingFailed")
        }
        return
    }
    fuzzRequire((try? coding.decode(data)) == session, "\(coding.formatName): decoding the same bytes twice differs")
    for writer in everySessionCoding {
        let bytes: Data
        do {
            bytes = try writer.encode(session)
        } catch {
            fuzzRequire(false, "\(writer.formatName) cannot encode a session \(coding.formatName) decoded: \(error)")
            return
        }
        fuzzRequire(
            (try? writer.decode(bytes)) == session,
            "\(writer.formatName) does not decode to the same session it encoded (read first by \(coding.formatName))")
    }
}
