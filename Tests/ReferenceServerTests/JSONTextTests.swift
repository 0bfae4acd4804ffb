import Foundation
import Testing

@testable import ReferenceServer

/// The server's hand-written JSON writer writes what `JSONSerialization`
/// reads back as the same value: strings with every escape, numbers,
/// booleans, nesting — compared parsed, never as bytes (keys have no order).
@Suite("JSONText")
struct JSONTextTests {
    private static func roundTrip(_ value: Any) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: JSONText.data(from: value), options: [.fragmentsAllowed]) as? NSObject
    }

    private static func expected(_ value: Any) throws -> NSObject? {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? NSObject
    }

    @Test(
        "strings read back unchanged, whatever they hold",
        arguments: [
            "", "plain", "quote \" and backslash \\", "new\nline\ttab\rreturn", "\u{0}\u{1}\u{1F}\u{7F}", "/users/me",
            "ção ñ 日本 🙂", "\u{2028}\u{2029}",
        ])
    func strings(text: String) throws {
        let read = try JSONSerialization.jsonObject(with: JSONText.data(from: ["text": text])) as? [String: String]
        #expect(read?["text"] == text)
    }

    @Test("a statement's shape reads back as JSONSerialization's own output does")
    func statementShape() throws {
        let item: [String: Any] = [
            "id": "abc", "amount": 1234, "negative": -7, "largest": 9_007_199_254_740_992, "entry": "DEBIT",
            "active": true, "is_deleted": false, "ratio": 0.5,
        ]
        let value: [String: Any] = [
            "results": [
                ["date": "2024-02-01", "items": [item, item]], ["date": "2024-02-02", "items": [] as [Any]],
            ],
            "itemsTotal": 2, "empty": [:] as [String: Any],
        ]
        #expect(try Self.roundTrip(value) == Self.expected(value))
    }

    @Test("true and false stay booleans, 0 and 1 stay numbers")
    func booleansAreNotNumbers() throws {
        let read = try #require(
            try JSONSerialization.jsonObject(with: JSONText.data(from: ["t": true, "f": false, "one": 1, "zero": 0]))
                as? [String: Any])
        #expect(String(decoding: JSONText.data(from: ["t": true]), as: UTF8.self) == #"{"t":true}"#)
        #expect(String(decoding: JSONText.data(from: ["one": 1]), as: UTF8.self) == #"{"one":1}"#)
        #expect(read.count == 4)
    }

    @Test("an error is the same bytes every time: its keys sorted, however its dictionary was built")
    func errorsAreStableBytes() {
        let answers = (0..<50).map { _ in
            HTTPServerResponse.error(
                404, code: "NOT_FOUND", message: "no such route", fields: ["b": "2", "a": "1", "c": "3"]
            ).body
        }
        #expect(Set(answers).count == 1)
        #expect(
            String(decoding: answers[0], as: UTF8.self)
                == #"{"code":"NOT_FOUND","fields":{"a":"1","b":"2","c":"3"},"message":"no such route"}"#)
    }
}
