// Compiled into the AdapterHTTP module by scripts/fuzz: WireFormat is internal.
import Foundation
import Ports

/// Any bytes as a server's answer, read the way the URLSession adapters read
/// one: as an error body (`rejection`), and as the body of a 2xx (`object`,
/// then each of the contract's objects in turn).
///
/// Properties:
/// - a rejection keeps its status, and its code is the body's `code` exactly
///   when the body names a known one;
/// - every amount and `itemsTotal` read is within ±2^53 (larger numbers are
///   malformed, never rounded into a wrong amount);
/// - a user's fields are the body's strings, unchanged;
/// - reading depends on the JSON's meaning, not its spelling: the object
///   written back out by JSONSerialization reads to the same values (or fails
///   the same way), and reading twice gives the same values;
/// - a statement `StatementBytesReader` reads straight from the bytes is the
///   one the general reader (JSONSerialization, then `WireFormat`) reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let body = Data(fuzzInput(start, count))
    checkRejection(body)
    checkStatementFromBytes(body)
    guard let object = try? WireFormat.object(body) else { return 0 }
    let reading = WireReading(object)
    reading.checkBounds()
    if case .success(let user) = reading.user {
        for (key, value) in [
            ("id", user.id), ("name", user.name), ("email", user.email), ("cpf", user.cpf),
        ] {
            fuzzRequire(object[key] as? String == value, "the user's '\(key)' is not the body's string")
        }
    }
    fuzzRequire(WireReading(object) == reading, "reading the same object twice differs")
    // Sorted keys: one spelling of the same meaning, whatever order the body had.
    guard let respelled = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
        fuzzRequire(false, "an object JSONSerialization read cannot be written back")
        return 0
    }
    guard let reread = try? WireFormat.object(respelled) else {
        fuzzRequire(false, "the object written back is not an object")
        return 0
    }
    fuzzRequire(WireReading(reread) == reading, "the object written back reads to other values")
    return 0
}

private func checkStatementFromBytes(_ body: Data) {
    guard let fast = StatementBytesReader.statement(body) else { return }
    let general = Result { () throws(RemoteError) in try WireFormat.statement(try WireFormat.object(body)) }
    fuzzRequire(general == .success(fast), "the statement read from the bytes is not the general reader's")
}

private func checkRejection(_ body: Data) {
    let rejection = WireFormat.rejection(status: 418, body: body)
    guard case .rejected(let status, let code, _) = rejection else {
        fuzzRequire(false, "rejection(status:body:) is not .rejected")
        return
    }
    fuzzRequire(status == 418, "a rejection with status \(status) for 418")
    let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    let named = (object?["code"] as? String).flatMap(RemoteErrorCode.init(rawValue:))
    fuzzRequire(code == named, "a rejection's code is not the body's")
}

/// What each of the contract's readers makes of one object: a value, or the error.
private struct WireReading: Equatable {
    var user: Result<UserProfile, RemoteError>
    var statement: Result<Statement, RemoteError>
    var details: Result<StatementEntryDetails, RemoteError>

    init(_ object: WireFormat.Object) {
        user = Result { () throws(RemoteError) in try WireFormat.user(object) }
        statement = Result { () throws(RemoteError) in try WireFormat.statement(object) }
        details = Result { () throws(RemoteError) in try WireFormat.details(object) }
    }

    func checkBounds() {
        let limit = 9_007_199_254_740_992
        if case .success(let statement) = statement {
            fuzzRequire(abs(statement.itemsTotal) <= limit, "itemsTotal \(statement.itemsTotal) beyond 2^53")
            for item in statement.sections.flatMap(\.items) {
                fuzzRequire(abs(item.amount) <= limit, "an amount \(item.amount) beyond 2^53")
            }
        }
        if case .success(let details) = details {
            fuzzRequire(abs(details.amount) <= limit, "an amount \(details.amount) beyond 2^53")
        }
    }
}
