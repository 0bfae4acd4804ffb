import AdapterSupport
import Foundation
import Ports

/// Reads the statement (`WireRoute.statementList`) straight from the body's
/// bytes, without `JSONSerialization` and its `NSDictionary`/`NSNumber`
/// objects, which cost more than the rest of the call on Linux.
///
/// It reads only the answer the contract promises, spelt plainly: strict
/// JSON with exactly the contract's keys, each once; strings of valid UTF-8
/// with no byte-order mark and no `\u0000`; integers without fraction or
/// exponent, within ±2^53; `entry` DEBIT or CREDIT; dates `InternetDate`
/// reads. For any other body it answers nil and reads nothing, and the
/// caller reads the body the general way (`WireFormat`), which decides —
/// with its own errors — what else means. So whatever this reader accepts,
/// it reads to the same statement `WireFormat` does; everything else is
/// `WireFormat`'s, unchanged. (The wire-format fuzz harness and
/// `StatementBytesReaderTests` check that both readers agree.)
enum StatementBytesReader {
    static func statement(_ body: Data) -> Statement? {
        body.withUnsafeBytes { raw in
            var reader = JSONBytes(raw.bindMemory(to: UInt8.self))
            guard let statement = reader.statement(), reader.isAtEndAfterWhitespace() else { return nil }
            return statement
        }
    }
}

/// A cursor over the body's bytes. Every method answers nil (or false) at
/// the first byte it does not expect; the position is then of no use.
private struct JSONBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func isAtEndAfterWhitespace() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    // MARK: - The contract's objects

    mutating func statement() -> Statement? {
        var sections: [StatementSection]?
        var itemsTotal: Int?
        let read = members { reader, key in
            switch key {
            case .results where sections == nil:
                sections = reader.array { reader in reader.section() }
                return sections != nil
            case .itemsTotal where itemsTotal == nil:
                itemsTotal = reader.integer()
                return itemsTotal != nil
            default:
                return false
            }
        }
        guard read, let sections, let itemsTotal else { return nil }
        return Statement(sections: sections, itemsTotal: itemsTotal)
    }

    private mutating func section() -> StatementSection? {
        var items: [StatementItem]?
        var date: String?
        let read = members { reader, key in
            switch key {
            case .items where items == nil:
                items = reader.array { reader in reader.item() }
                return items != nil
            case .date where date == nil:
                date = reader.string()
                return date != nil
            default:
                return false
            }
        }
        guard read, let items, let date else { return nil }
        return StatementSection(date: date, items: items)
    }

    private mutating func item() -> StatementItem? {
        var id: String?
        var description: String?
        var label: String?
        var entry: EntryDirection?
        var amount: Int?
        var name: String?
        var dateEvent: Date?
        var status: String?
        let read = members { reader, key in
            switch key {
            case .id where id == nil:
                id = reader.string()
                return id != nil
            case .description where description == nil:
                description = reader.string()
                return description != nil
            case .label where label == nil:
                label = reader.string()
                return label != nil
            case .entry where entry == nil:
                entry = reader.string().flatMap(EntryDirection.init(rawValue:))
                return entry != nil
            case .amount where amount == nil:
                amount = reader.integer()
                return amount != nil
            case .name where name == nil:
                name = reader.string()
                return name != nil
            case .dateEvent where dateEvent == nil:
                dateEvent = reader.string().flatMap(InternetDate.date(from:))
                return dateEvent != nil
            case .status where status == nil:
                status = reader.string()
                return status != nil
            default:
                return false
            }
        }
        guard read, let id, let description, let label, let entry, let amount, let name, let dateEvent, let status
        else { return nil }
        return StatementItem(
            id: id, description: description, label: label, entry: entry, amount: amount, name: name,
            dateEvent: dateEvent, status: status)
    }

    // MARK: - JSON

    /// The keys this reader knows; any other key sends the body to the general reader.
    enum Key: CaseIterable {
        case results, itemsTotal, items, date, id, description, label, entry, amount, name, dateEvent, status

        /// Each key's spelling, compared byte for byte (no String is made for a key).
        static let spellings: [(key: Key, utf8: [UInt8])] = allCases.map { key in
            (key, Array("\(key)".utf8))
        }

        static func matching(_ utf8: UnsafeBufferPointer<UInt8>) -> Key? {
            for spelling in spellings where spelling.utf8.count == utf8.count {
                if spelling.utf8.elementsEqual(utf8) { return spelling.key }
            }
            return nil
        }
    }

    /// An object, handing each member's key to `member` with the cursor on
    /// its value; `member` reads the value and says whether it could.
    private mutating func members(_ member: (inout JSONBytes, Key) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = key(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    private mutating func array<Element>(_ element: (inout JSONBytes) -> Element?) -> [Element]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let next = element(&self) else { return nil }
            elements.append(next)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? elements : nil
    }

    /// A key spelt as plain ASCII, without escapes, that this reader knows.
    private mutating func key() -> Key? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            let byte = bytes[index]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let key = Key.matching(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        index += 1
        return key
    }

    /// A string value. Escapes are decoded; a control character, a
    /// byte-order mark (which Foundation's reader on Linux drops in places),
    /// `\u0000`, a lone surrogate or invalid UTF-8 make it nil.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var decoded: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                if decoded.isEmpty { return Self.text(run) }
                decoded.append(contentsOf: run)
                return decoded.withUnsafeBufferPointer { Self.text($0) }
            }
            guard byte >= 0x20 else { return nil }
            if byte == UInt8(ascii: "\\") {
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                guard unescape(into: &decoded) else { return nil }
                runStart = index
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Valid UTF-8 without a byte-order mark, as a String.
    private static func text(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        // ASCII is valid UTF-8 and holds no mark: no validation needed.
        if !utf8.contains(where: { $0 >= 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        if utf8.count >= 3 {
            for start in 0...(utf8.count - 3)
            where utf8[start] == 0xEF && utf8[start + 1] == 0xBB && utf8[start + 2] == 0xBF {
                return nil
            }
        }
        return String(validating: utf8, as: UTF8.self)
    }

    /// One escape after its backslash, appended as UTF-8.
    private mutating func unescape(into decoded: inout [UInt8]) -> Bool {
        guard index < bytes.count else { return false }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            guard let first = hexQuad() else { return false }
            var scalarValue = UInt32(first)
            if (0xD800..<0xDC00).contains(first) {
                guard take(UInt8(ascii: "\\"), skippingWhitespace: false),
                    take(UInt8(ascii: "u"), skippingWhitespace: false),
                    let second = hexQuad(), (0xDC00..<0xE000).contains(second)
                else { return false }
                scalarValue = 0x10000 + (UInt32(first) - 0xD800) << 10 + (UInt32(second) - 0xDC00)
            }
            guard scalarValue != 0, scalarValue != 0xFEFF, let scalar = Unicode.Scalar(scalarValue) else {
                return false
            }
            guard let encoded = UTF8.encode(scalar) else { return false }
            decoded.append(contentsOf: encoded)
        default:
            return false
        }
        return true
    }

    private mutating func hexQuad() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// An integer spelt `-?(0|[1-9][0-9]*)` with at most 16 digits, within
    /// ±2^53 (what `WireFormat.integer` keeps); a fraction or an exponent
    /// leaves the cursor on a byte no caller expects.
    private mutating func integer() -> Int? {
        skipWhitespace()
        let negative = take(UInt8(ascii: "-"), skippingWhitespace: false)
        var value = 0
        var digits = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            if digits == 1, value == 0 { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
            if digits > 16 { return nil }
        }
        guard digits > 0, value <= 9_007_199_254_740_992 else { return nil }
        return negative ? -value : value
    }

    /// Takes `byte` after any whitespace (unless told not to skip it).
    private mutating func take(_ byte: UInt8, skippingWhitespace: Bool = true) -> Bool {
        if skippingWhitespace { skipWhitespace() }
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
