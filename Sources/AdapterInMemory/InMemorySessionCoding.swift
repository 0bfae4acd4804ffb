public import Foundation
public import Ports

/// A `SessionCoding` in a compact, versioned, line-based UTF-8 text format,
/// for the in-memory store and for reading a stored session by eye:
///
/// ```
/// gatehouse-session 1
/// token=present
/// token.value=…
/// token.issuedAt=1706774400+0.25
/// token.expiresAt=1706774460+0.25
/// user=present
/// user.id=u-1
/// user.name=José da Silva
/// user.email=…
/// user.cpf=…
/// user.active=true
/// user.isDeleted=false
/// user.syncedAt=1706774400
/// end
/// ```
///
/// - The first line is the magic header with the format version; a newer
///   version throws `.unsupportedVersion` before anything else is read.
/// - Every other line is `key=value`. Values escape `%`, `=` and control
///   characters (newlines included) as `%XX`, so no value can forge a line;
///   other text, non-ASCII included, is kept as UTF-8.
///   Unknown keys are ignored; a missing or repeated known key throws.
/// - The data ends with an `end` line and its newline, so every truncation is
///   detected: a proper prefix of an encoding never ends that way.
/// - A date is `W`, `W+F` or `W-F`: `W` whole seconds since 1970, then the
///   fraction of a second as a decimal (`0.25`) written with the shortest
///   digits that read back as the same `Double`. `Date` keeps seconds since
///   2001 as a `Double`; splitting them into whole seconds and a fraction is
///   exact, so a date round-trips bit for bit.
/// - Error messages name keys and line numbers, never values: the token
///   never reaches an error.
public struct InMemorySessionCoding: SessionCoding {
    /// The format version this build writes and the newest it reads.
    public static let currentVersion = 1
    /// The header's first word.
    public static let magic = "gatehouse-session"

    public init() {}

    public var formatName: String { "in-memory-text" }
    public var formatVersion: Int { Self.currentVersion }

    public func encode(_ session: UserSession) throws(SessionCodingError) -> Data {
        var lines = ["\(Self.magic) \(Self.currentVersion)"]
        if let token = session.token {
            lines.append("\(Key.token)=present")
            lines.append("\(Key.tokenValue)=\(Self.escape(token.token.reveal()))")
            lines.append("\(Key.tokenIssuedAt)=\(try Self.dateText(token.issuedAt, key: Key.tokenIssuedAt))")
            lines.append("\(Key.tokenExpiresAt)=\(try Self.dateText(token.expiresAt, key: Key.tokenExpiresAt))")
        } else {
            lines.append("\(Key.token)=absent")
        }
        if let user = session.cachedUser {
            let profile = user.profile
            lines.append("\(Key.user)=present")
            lines.append("\(Key.userID)=\(Self.escape(profile.id))")
            lines.append("\(Key.userName)=\(Self.escape(profile.name))")
            lines.append("\(Key.userEmail)=\(Self.escape(profile.email))")
            lines.append("\(Key.userCPF)=\(Self.escape(profile.cpf))")
            lines.append("\(Key.userActive)=\(profile.active)")
            lines.append("\(Key.userIsDeleted)=\(profile.isDeleted)")
            lines.append("\(Key.userSyncedAt)=\(try Self.dateText(user.syncedAt, key: Key.userSyncedAt))")
        } else {
            lines.append("\(Key.user)=absent")
        }
        lines.append(Self.endLine)
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    public func decode(_ data: Data) throws(SessionCodingError) -> UserSession {
        guard !data.isEmpty else { throw .notASession("no data") }
        let lines = [UInt8](data).split(separator: Self.newline, omittingEmptySubsequences: false)
        guard let header = lines.first else { throw .notASession("no data") }
        let version = try Self.version(inHeader: header)
        guard version <= Self.currentVersion else {
            throw .unsupportedVersion(found: version, newestKnown: Self.currentVersion)
        }
        // A whole encoding ends with "end\n": splitting leaves "end" then an empty last piece.
        guard lines.count >= 3, lines[lines.count - 1].isEmpty,
            String(validating: lines[lines.count - 2], as: UTF8.self) == Self.endLine
        else { throw .notASession("truncated: no end line") }

        var fields = Fields()
        for (offset, line) in lines[1..<(lines.count - 2)].enumerated() {
            try fields.add(line: line, number: offset + 2)
        }
        return UserSession(token: try fields.token(), cachedUser: try fields.cachedUser())
    }
}

// MARK: - Keys and lines

extension InMemorySessionCoding {
    fileprivate enum Key {
        static let token = "token"
        static let tokenValue = "token.value"
        static let tokenIssuedAt = "token.issuedAt"
        static let tokenExpiresAt = "token.expiresAt"
        static let user = "user"
        static let userID = "user.id"
        static let userName = "user.name"
        static let userEmail = "user.email"
        static let userCPF = "user.cpf"
        static let userActive = "user.active"
        static let userIsDeleted = "user.isDeleted"
        static let userSyncedAt = "user.syncedAt"

        static let all: Set<String> = [
            token, tokenValue, tokenIssuedAt, tokenExpiresAt,
            user, userID, userName, userEmail, userCPF, userActive, userIsDeleted, userSyncedAt,
        ]
    }

    fileprivate static let endLine = "end"
    fileprivate static let newline: UInt8 = 0x0A

    private static func version(inHeader header: ArraySlice<UInt8>) throws(SessionCodingError) -> Int {
        guard let text = String(validating: header, as: UTF8.self) else {
            throw .notASession("no \(magic) header")
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 2, words[0] == magic else { throw .notASession("no \(magic) header") }
        guard words[1].allSatisfy(\.isASCIIDigit), let version = Int(words[1]), version >= 1 else {
            throw .notASession("the \(magic) header has no valid version")
        }
        return version
    }

    /// The key-value lines of one encoding, still escaped.
    fileprivate struct Fields {
        private var values: [String: Substring] = [:]

        mutating func add(line: ArraySlice<UInt8>, number: Int) throws(SessionCodingError) {
            guard let text = String(validating: line, as: UTF8.self) else {
                throw .notASession("line \(number) is not UTF-8")
            }
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw .notASession("line \(number) is not key=value")
            }
            let key = String(text[..<equals])
            guard Key.all.contains(key) else { return }  // a later minor addition: ignore
            guard values[key] == nil else { throw .notASession("\(key) appears twice") }
            values[key] = text[text.index(after: equals)...]
        }

        func token() throws(SessionCodingError) -> SessionToken? {
            guard try presence(Key.token) else { return nil }
            return SessionToken(
                token: AccessToken(try string(Key.tokenValue)),
                issuedAt: try date(Key.tokenIssuedAt),
                expiresAt: try date(Key.tokenExpiresAt)
            )
        }

        func cachedUser() throws(SessionCodingError) -> CachedUser? {
            guard try presence(Key.user) else { return nil }
            let profile = UserProfile(
                id: try string(Key.userID),
                name: try string(Key.userName),
                email: try string(Key.userEmail),
                cpf: try string(Key.userCPF),
                active: try bool(Key.userActive),
                isDeleted: try bool(Key.userIsDeleted)
            )
            return CachedUser(profile: profile, syncedAt: try date(Key.userSyncedAt))
        }

        private func raw(_ key: String) throws(SessionCodingError) -> Substring {
            guard let value = values[key] else { throw .notASession("missing \(key)") }
            return value
        }

        private func presence(_ key: String) throws(SessionCodingError) -> Bool {
            switch try raw(key) {
            case "present": return true
            case "absent": return false
            default: throw .notASession("\(key) is neither present nor absent")
            }
        }

        private func string(_ key: String) throws(SessionCodingError) -> String {
            guard let value = InMemorySessionCoding.unescape(try raw(key)) else {
                throw .notASession("\(key) is not a well-escaped UTF-8 value")
            }
            return value
        }

        private func bool(_ key: String) throws(SessionCodingError) -> Bool {
            switch try raw(key) {
            case "true": return true
            case "false": return false
            default: throw .notASession("\(key) is neither true nor false")
            }
        }

        private func date(_ key: String) throws(SessionCodingError) -> Date {
            guard let date = InMemorySessionCoding.date(fromText: try raw(key)) else {
                throw .notASession("\(key) is not a date")
            }
            return date
        }
    }
}

// MARK: - Escaping

extension InMemorySessionCoding {
    private static let percent = UInt8(ascii: "%")
    private static let equals = UInt8(ascii: "=")

    /// Escapes `%`, `=`, C0 controls and DEL as `%XX`; everything else,
    /// including non-ASCII UTF-8, is kept as it is.
    static func escape(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if byte < 0x20 || byte == 0x7F || byte == percent || byte == equals {
                bytes.append(percent)
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Undoes `escape`; nil when a `%` is not followed by two hex digits or
    /// the result is not UTF-8.
    static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == percent else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}

// MARK: - Dates

extension InMemorySessionCoding {
    /// Seconds from 1970 to 2001, the epoch `Date` counts from.
    private static let secondsFrom1970To2001: Int = 978_307_200
    /// Dates are kept to whole seconds below this magnitude (about 140 million
    /// years either side of 2001), where whole seconds are exact in a `Double`.
    private static let largestWholeSeconds: Double = 0x1p52

    static func dateText(_ date: Date, key: String) throws(SessionCodingError) -> String {
        let sinceReference = date.timeIntervalSinceReferenceDate
        guard sinceReference.isFinite, abs(sinceReference) < largestWholeSeconds else {
            throw .encodingFailed("\(key) is not a date this format can keep")
        }
        // Both parts are exact: the whole part of a Double is a Double, and
        // subtracting it from the value loses no bits.
        let whole = sinceReference.rounded(.towardZero)
        let fraction = sinceReference - whole
        let wholeSince1970 = Int(whole) + secondsFrom1970To2001
        if fraction == 0 { return "\(wholeSince1970)" }
        return "\(wholeSince1970)\(fraction < 0 ? "-" : "+")\(plainDecimal(abs(fraction)))"
    }

    static func date(fromText text: Substring) -> Date? {
        // The sign of the fraction is the first + or - after the first character
        // (which may be the whole part's own minus sign).
        let searchStart = text.index(text.startIndex, offsetBy: 1, limitedBy: text.endIndex) ?? text.endIndex
        let separator = text[searchStart...].firstIndex { $0 == "+" || $0 == "-" }
        let wholeText = text[..<(separator ?? text.endIndex)]
        guard isSignedInteger(wholeText), let wholeSince1970 = Int(wholeText) else { return nil }
        let (wholeSinceReference, overflow) = wholeSince1970.subtractingReportingOverflow(secondsFrom1970To2001)
        guard !overflow, Double(wholeSinceReference.magnitude) < largestWholeSeconds else { return nil }

        var fraction = 0.0
        if let separator {
            let fractionText = text[text.index(after: separator)...]
            guard isFractionDecimal(fractionText), let value = Double(String(fractionText)),
                value > 0, value < 1
            else { return nil }
            fraction = text[separator] == "-" ? -value : value
        }
        return Date(timeIntervalSinceReferenceDate: Double(wholeSinceReference) + fraction)
    }

    /// `value` (in 0..<1) as `0.ddd`: Swift's shortest round-trip digits,
    /// spelled out without an exponent.
    private static func plainDecimal(_ value: Double) -> String {
        let shortest = value.description  // "0.25" or "1.5e-07"
        guard let exponentMark = shortest.firstIndex(of: "e"),
            let exponent = Int(shortest[shortest.index(after: exponentMark)...]), exponent < 0
        else { return shortest }
        let digits = shortest[..<exponentMark].filter { $0 != "." }
        return "0." + String(repeating: "0", count: -exponent - 1) + digits
    }

    private static func isSignedInteger(_ text: Substring) -> Bool {
        let digits = text.first == "-" ? text.dropFirst() : text
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }

    private static func isFractionDecimal(_ text: Substring) -> Bool {
        guard text.hasPrefix("0.") else { return false }
        let digits = text.dropFirst(2)
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }
}
