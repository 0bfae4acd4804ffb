import AdapterSupport
import Foundation
import Ports

/// The JSON of the wire contract (docs/spec/wire-contract.md), read by hand so
/// that every missing or mistyped field is a `malformedResponse` naming it, and
/// an error body becomes the contract's code.
enum WireFormat {
    typealias Object = [String: Any]

    static func object(_ data: Data) throws(RemoteError) -> Object {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? Object else {
            throw .malformedResponse(data.isEmpty ? "an empty body" : "a body that is not a JSON object")
        }
        return object
    }

    static func string(_ object: Object, _ key: String) throws(RemoteError) -> String {
        guard let value = object[key] as? String else { throw .malformedResponse("no string '\(key)'") }
        return value
    }

    /// A whole number within ±2^53, the integers every JSON reader holds
    /// exactly: a larger one (an amount of 1e300) is malformed, never
    /// wrapped or clamped into a wrong amount.
    static func integer(_ object: Object, _ key: String) throws(RemoteError) -> Int {
        guard let value = object[key], !isBoolean(value), let number = value as? NSNumber,
            let whole = exactInteger(number), abs(whole) <= largestExactInteger
        else { throw .malformedResponse("no integer '\(key)'") }
        return whole
    }

    private static let largestExactInteger = 9_007_199_254_740_992

    /// The number as an Int when it is one exactly: read as an integer when
    /// the parser stored one (no rounding through Double), else a whole double.
    private static func exactInteger(_ number: NSNumber) -> Int? {
        switch String(cString: number.objCType) {
        case "s", "i", "l", "q": return Int(exactly: number.int64Value)
        case "C", "S", "I", "L", "Q": return Int(exactly: number.uint64Value)
        default: return Int(exactly: number.doubleValue)
        }
    }

    static func bool(_ object: Object, _ key: String) throws(RemoteError) -> Bool {
        guard let value = object[key], isBoolean(value), let flag = value as? Bool else {
            throw .malformedResponse("no boolean '\(key)'")
        }
        return flag
    }

    static func array(_ object: Object, _ key: String) throws(RemoteError) -> [Object] {
        guard let value = object[key] as? [Object] else { throw .malformedResponse("no list '\(key)'") }
        return value
    }

    /// A date in RFC 3339 form (`InternetDate`), with or without a fraction.
    static func date(_ object: Object, _ key: String) throws(RemoteError) -> Date {
        guard let date = InternetDate.date(from: try string(object, key)) else {
            throw .malformedResponse("'\(key)' is not an ISO 8601 date")
        }
        return date
    }

    /// A non-2xx answer as the contract's error: its code and fields when the
    /// body has them (a bare 401 from the Cora backend has none).
    static func rejection(status: Int, body: Data) -> RemoteError {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? Object
        let code = (object?["code"] as? String).flatMap(RemoteErrorCode.init(rawValue:))
        let fields = (object?["fields"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
        return .rejected(status: status, code: code, fields: fields)
    }

    // JSON true/false also arrive as NSNumber; on Linux 0 and 1 also answer
    // `is Bool`, so the number's type code decides.
    private static func isBoolean(_ value: Any) -> Bool {
        if let number = value as? NSNumber { return String(cString: number.objCType) == "c" }
        return value is Bool
    }

    // MARK: - The contract's objects

    static func user(_ object: Object) throws(RemoteError) -> UserProfile {
        UserProfile(
            id: try string(object, "id"), name: try string(object, "name"), email: try string(object, "email"),
            cpf: try string(object, "cpf"), active: try bool(object, "active"),
            isDeleted: try bool(object, "is_deleted"))
    }

    static func item(_ object: Object) throws(RemoteError) -> StatementItem {
        guard let entry = EntryDirection(rawValue: try string(object, "entry")) else {
            throw .malformedResponse("'entry' is neither DEBIT nor CREDIT")
        }
        return StatementItem(
            id: try string(object, "id"), description: try string(object, "description"),
            label: try string(object, "label"), entry: entry, amount: try integer(object, "amount"),
            name: try string(object, "name"), dateEvent: try date(object, "dateEvent"),
            status: try string(object, "status"))
    }

    static func statement(_ object: Object) throws(RemoteError) -> Statement {
        var sections: [StatementSection] = []
        for result in try array(object, "results") {
            var items: [StatementItem] = []
            for item in try array(result, "items") { items.append(try self.item(item)) }
            sections.append(StatementSection(date: try string(result, "date"), items: items))
        }
        return Statement(sections: sections, itemsTotal: try integer(object, "itemsTotal"))
    }

    static func party(_ object: Object) throws(RemoteError) -> StatementParty {
        guard let type = DocumentType(rawValue: try string(object, "documentType")) else {
            throw .malformedResponse("'documentType' is neither CPF nor CNPJ")
        }
        return StatementParty(
            name: try string(object, "name"), bankName: try string(object, "bankName"),
            bankNumber: try string(object, "bankNumber"), agencyNumber: try string(object, "agencyNumber"),
            agencyNumberDigit: try string(object, "agencyNumberDigit"),
            accountNumber: try string(object, "accountNumber"),
            accountNumberDigit: try string(object, "accountNumberDigit"),
            documentNumber: try string(object, "documentNumber"), documentType: type)
    }

    static func details(_ object: Object) throws(RemoteError) -> StatementEntryDetails {
        guard let sender = object["sender"] as? Object, let recipient = object["recipient"] as? Object else {
            throw .malformedResponse("no 'sender' or 'recipient'")
        }
        return StatementEntryDetails(
            id: try string(object, "id"), description: try string(object, "description"),
            label: try string(object, "label"), amount: try integer(object, "amount"),
            counterPartyName: try string(object, "counterPartyName"), dateEvent: try date(object, "dateEvent"),
            status: try string(object, "status"), sender: try party(sender), recipient: try party(recipient))
    }
}
