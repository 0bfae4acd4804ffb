public import BoundedHTTP
import Foundation
public import Ports
import WireContract

/// `StatementRemoteAPI` over the Cora challenge's routes, exactly as the seed
/// shows them (`WireRoute.statementList`, `WireRoute.statementDetails`).
public struct URLSessionStatementRemoteAPI: StatementRemoteAPI {
    private let transport: HTTPTransport

    public init(configuration: HTTPConfiguration) {
        transport = HTTPTransport(configuration: configuration)
    }

    public func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        let (status, data) = try await transport.send(
            HTTPRequest(.statementList, limit: .statement, token: token))
        guard (200..<300).contains(status) else { throw WireFormat.rejection(status: status, body: data) }
        // The contract's answer, spelt plainly, straight from its bytes; any
        // other body the general way, with its errors.
        if let statement = StatementBytesReader.statement(data) { return statement }
        return try WireFormat.statement(try WireFormat.object(data))
    }

    public func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        try WireFormat.details(
            try await object(
                HTTPRequest(.statementDetails, parameters: ["id": id], limit: .entryDetails, token: token)))
    }

    private func object(_ request: HTTPRequest) async throws(RemoteError) -> WireFormat.Object {
        let (status, data) = try await transport.send(request)
        guard (200..<300).contains(status) else { throw WireFormat.rejection(status: status, body: data) }
        return try WireFormat.object(data)
    }
}
