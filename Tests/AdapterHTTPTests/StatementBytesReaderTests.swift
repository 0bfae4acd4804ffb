import Foundation
import Ports
import Testing

@testable import AdapterHTTP
import SeededNumbers

/// The statement read straight from the bytes agrees with the general
/// reader (`JSONSerialization` then `WireFormat`): whatever the bytes reader
/// accepts reads to the same statement, and the contract's plain answers —
/// the seed's, the reference server's — are read by it, not left to the
/// general reader.
@Suite("Statement read from bytes")
struct StatementBytesReaderTests {
    /// The general reader's answer: the statement or its error.
    private static func general(_ body: Data) -> Result<Statement, RemoteError> {
        Result { () throws(RemoteError) in try WireFormat.statement(try WireFormat.object(body)) }
    }

    /// The property: the bytes reader answers nil, or exactly what the general reader does.
    private static func agree(_ body: Data) -> Bool {
        guard let fast = StatementBytesReader.statement(body) else { return true }
        return general(body) == .success(fast)
    }

    /// A statement as the reference server writes one: no spaces, keys in its order.
    static let serverList = Data(
        (#"{"results":[{"items":[{"id":"a1","description":"Compra","label":"Compra aprovada","entry":"DEBIT","#
            + #""amount":150000,"name":"Jo\u00e3o","dateEvent":"2024-02-01T08:15:17Z","status":"COMPLETED"},"#
            + #"{"id":"a2","description":"Pix \"recebido\"\n","label":"Pix","entry":"CREDIT","amount":0,"#
            + #""name":"Ana 😀 \ud83d\ude00","dateEvent":"2024-02-01T09:00:00.250+03:00","status":"COMPLETED"}],"#
            + #""date":"2024-02-01"},{"items":[],"date":"2024-01-31"}],"itemsTotal":2}"#).utf8)

    @Test("The seed's statement and the server's are read from the bytes, to what the general reader reads")
    func plainAnswersAreReadFromTheBytes() throws {
        for body in [Data(WireFixtureTests.seedList.utf8), Self.serverList] {
            let fast = try #require(StatementBytesReader.statement(body))
            #expect(Self.general(body) == .success(fast))
        }
        let fast = try #require(StatementBytesReader.statement(Self.serverList))
        #expect(fast.sections.map(\.items.count) == [2, 0])
        #expect(fast.sections[0].items[1].name == "Ana 😀 😀")
        #expect(fast.sections[0].items[1].description == "Pix \"recebido\"\n")
        #expect(fast.sections[0].items[0].name == "João")
    }

    @Test(
        "Bodies the bytes reader leaves to the general reader",
        arguments: [
            #"{"results":[],"itemsTotal":1.0}"#,  // a fraction
            #"{"results":[],"itemsTotal":1e0}"#,  // an exponent
            #"{"results":[],"itemsTotal":01}"#,  // a leading zero
            #"{"results":[],"itemsTotal":99999999999999999}"#,  // beyond 2^53
            #"{"results":[],"itemsTotal":1,"extra":0}"#,  // a key it does not know
            #"{"results":[],"itemsTotal":1,"itemsTotal":2}"#,  // a key twice
            #"{"results":[],"item\u0073Total":1}"#,  // an escaped key
            #"{"results":[]}"#,  // a key missing
            #"{"results":null,"itemsTotal":1}"#,  // null
            "\u{FEFF}{\"results\":[],\"itemsTotal\":1}",  // a byte-order mark before the object
            #"{"results":[{"items":[],"date":"\ufeff2024"}],"itemsTotal":0}"#,  // a byte-order mark escaped
            "{\"results\":[{\"items\":[],\"date\":\"\u{FEFF}2024\"}],\"itemsTotal\":0}",  // and raw
            #"{"results":[{"items":[],"date":"a\u0000b"}],"itemsTotal":0}"#,  // NUL
            #"{"results":[{"items":[],"date":"\ud800"}],"itemsTotal":0}"#,  // a lone surrogate
            #"{"results":[],"itemsTotal":1} x"#,  // trailing text
            #"{"results":[],"itemsTotal":1,}"#,  // a trailing comma
            #"[]"#,
            "",
        ])
    func unusualBodiesGoTheGeneralWay(json: String) {
        #expect(StatementBytesReader.statement(Data(json.utf8)) == nil)
    }

    @Test("Invalid UTF-8 and a raw control character are left to the general reader")
    func invalidTextGoesTheGeneralWay() {
        let invalid = Data(#"{"results":[{"items":[],"date":"a"#.utf8) + [0xFF] + Data(#"b"}],"itemsTotal":0}"#.utf8)
        #expect(StatementBytesReader.statement(invalid) == nil)
        let control = Data("{\"results\":[{\"items\":[],\"date\":\"a\tb\"}],\"itemsTotal\":0}".utf8)
        #expect(StatementBytesReader.statement(control) == nil)
    }

    /// 20,000 seeded mutations of the two plain answers — bytes changed,
    /// inserted, removed, swapped for JSON's own punctuation — each read both
    /// ways: the readers never disagree.
    @Test("On 20,000 seeded mutations the two readers agree")
    func mutationsAgree() {
        var random = SeededGenerator(seed: 0x5EED_2024)
        let bases = [Array(WireFixtureTests.seedList.utf8), Array(Self.serverList)]
        let alphabet =
            Array(#"{}[],:"\ 0123456789-+.eEtrufalsn/\u00e9"#.utf8) + [0xC3, 0xA9, 0xEF, 0xBB, 0xBF, 0xFF, 0x09]
        var readFast = 0
        var disagreements: [String] = []
        for round in 0..<20_000 {
            var bytes = bases[round % bases.count]
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let position = Int(random.next() % UInt64(bytes.count))
                let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 3 {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
            }
            let body = Data(bytes)
            if StatementBytesReader.statement(body) != nil { readFast += 1 }
            if !Self.agree(body), disagreements.count < 5 {
                disagreements.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        #expect(disagreements.isEmpty)
        // Many mutations (whitespace, a letter in a text) keep the body plain.
        #expect(readFast > 1_000)
    }
}
