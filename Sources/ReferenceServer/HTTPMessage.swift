import Foundation
import SimulatedBackend
import StandInServers

/// One request as the server read it.
struct HTTPServerRequest: Sendable {
    let method: String
    /// The path without the query string.
    let path: String
    /// Header names lowercased.
    let headers: [String: String]
    let body: Data
    /// HTTP/1.0, or `Connection: close`: answer, then close.
    let wantsClose: Bool

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One answer; `nil` from a handler means "drop the connection".
struct HTTPServerResponse: Sendable {
    var status: Int
    var body: Data
    var contentType = "application/json"
    /// Extra header lines (`Allow` on a 405).
    var headers: [(name: String, value: String)] = []
    /// How the answer travels when a check of the client's transport asks
    /// (a `deliver` fault); nil: as it is.
    var delivery: InMemoryBackend.Delivery?

    /// Written by `JSONText`, keys in no particular order: sorting them cost
    /// about 2 ms a statement, and no reader of an answer needs an order —
    /// clients parse the JSON.
    static func json(_ status: Int, _ object: Any) -> HTTPServerResponse {
        HTTPServerResponse(status: status, body: JSONText.data(from: object))
    }

    /// An error's keys are sorted, so the same error is the same bytes every
    /// time: the contract suites' route probe tells a route the server does
    /// not offer from one it does by comparing its 404 with the 404 of a path
    /// nobody serves, byte for byte.
    static func error(_ status: Int, code: String?, message: String, fields: [String: String] = [:])
        -> HTTPServerResponse
    {
        var object: [String: Any] = ["message": message]
        if let code { object["code"] = code }
        if !fields.isEmpty { object["fields"] = fields }
        return HTTPServerResponse(status: status, body: JSONText.data(from: object, sortingKeys: true))
    }

    static let noContent = HTTPServerResponse(status: 204, body: Data())

    /// The answer's bytes. A 204 has no body and no length (RFC 9110 §15.3.5);
    /// the answer to a HEAD has the length its GET would have, and no body
    /// (RFC 9110 §9.3.2) — a body there would be read as the next answer.
    /// With `sayingLength` false, no `Content-Length`: the body ends as the
    /// connection closes (`closing` must hold).
    func serialized(closing: Bool, answeringHead: Bool = false, sayingLength: Bool = true) -> Data {
        var head = "HTTP/1.1 \(status) \(HTTPReasonPhrase.of(status))\r\n"
        let hasBody = status != 204
        if hasBody {
            head += "Content-Type: \(contentType)\r\n"
            if sayingLength { head += "Content-Length: \(body.count)\r\n" }
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += closing ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n"
        var data = Data(head.utf8)
        if hasBody, !answeringHead { data.append(body) }
        return data
    }
}
