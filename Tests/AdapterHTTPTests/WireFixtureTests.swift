import Foundation
import Ports
import Testing

@testable import AdapterHTTP
@testable import BoundedHTTP

/// The Cora seed's JSON, verbatim, through the HTTP adapters: what the real
/// staging API sends decodes to the values it means.
@Suite("Wire fixtures")
struct WireFixtureTests {
    static let seedList = """
        {
          "results": [
            {
              "items": [
                {
                  "id": "abc123def456ghi789",
                  "description": "Compra de produtos eletrônicos",
                  "label": "Compra aprovada",
                  "entry": "DEBIT",
                  "amount": 150000,
                  "name": "João da Silva",
                  "dateEvent": "2024-02-01T08:15:17Z",
                  "status": "COMPLETED"
                }
              ],
              "date": "2024-02-01"
            }
          ],
          "itemsTotal": 1
        }
        """

    static let seedDetails = """
        {
          "description": "Pagamento por serviços prestados",
          "label": "Pagamento recebido",
          "amount": 150000,
          "counterPartyName": "Empresa ABC LTDA",
          "id": "abcdef12-3456-7890-abcd-ef1234567890",
          "dateEvent": "2024-02-05T14:30:45Z",
          "recipient": {
            "bankName": "Banco XYZ",
            "bankNumber": "001",
            "documentNumber": "11223344000155",
            "documentType": "CNPJ",
            "accountNumberDigit": "9",
            "agencyNumberDigit": "7",
            "agencyNumber": "1234",
            "name": "Empresa ABC LTDA",
            "accountNumber": "987654"
          },
          "sender": {
            "bankName": "Banco ABC",
            "bankNumber": "002",
            "documentNumber": "99887766000112",
            "documentType": "CNPJ",
            "accountNumberDigit": "3",
            "agencyNumberDigit": "1",
            "agencyNumber": "5678",
            "name": "Empresa XYZ LTDA",
            "accountNumber": "543210"
          },
          "status": "COMPLETED"
        }
        """

    @Test func theSeedsListDecodes() async throws {
        let server = try StubServer { _ in .json(200, Self.seedList) }
        defer { server.stop() }
        let api = URLSessionStatementRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey("k")))

        let statement = try await api.statement(token: AccessToken("t"))

        #expect(statement.itemsTotal == 1)
        #expect(statement.sections.map(\.date) == ["2024-02-01"])
        let item = try #require(statement.sections.first?.items.first)
        #expect(item.id == "abc123def456ghi789")
        #expect(item.description == "Compra de produtos eletrônicos")
        #expect(item.label == "Compra aprovada")
        #expect(item.entry == .debit)
        #expect(item.amount == 150_000)
        #expect(item.name == "João da Silva")
        #expect(item.dateEvent == Date(timeIntervalSince1970: 1_706_775_317))
        #expect(item.status == "COMPLETED")
        #expect(server.requests.first?.path == "/challenge/list")
        #expect(server.requests.first?.header("token") == "t")
        #expect(server.requests.first?.header("apikey") == "k")
    }

    @Test func theSeedsDetailsDecode() async throws {
        let server = try StubServer { _ in .json(200, Self.seedDetails) }
        defer { server.stop() }
        let api = URLSessionStatementRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))

        let details = try await api.entryDetails(id: "abcdef12-3456-7890-abcd-ef1234567890", token: AccessToken("t"))

        #expect(server.requests.first?.path == "/challenge/details/abcdef12-3456-7890-abcd-ef1234567890")
        #expect(details.amount == 150_000)
        #expect(details.counterPartyName == "Empresa ABC LTDA")
        #expect(details.dateEvent == Date(timeIntervalSince1970: 1_707_143_445))
        #expect(details.recipient.documentType == .cnpj)
        #expect(details.recipient.documentNumber == "11223344000155")
        #expect(details.recipient.agencyNumber == "1234")
        #expect(details.recipient.agencyNumberDigit == "7")
        #expect(details.sender.name == "Empresa XYZ LTDA")
        #expect(details.sender.bankNumber == "002")
        #expect(details.sender.accountNumber == "543210")
        #expect(details.sender.accountNumberDigit == "3")
    }

    @Test func aUserWithIsDeletedDecodes() async throws {
        let server = try StubServer { _ in
            .json(
                200,
                #"{"id":"1","name":"Maria Silva","email":"maria@example.com","cpf":"12345678909","active":true,"is_deleted":false}"#
            )
        }
        defer { server.stop() }
        let api = URLSessionUserRemoteAPI(configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))
        let user = try await api.currentUser(token: AccessToken("t"))
        #expect(
            user
                == UserProfile(
                    id: "1", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909", active: true,
                    isDeleted: false))
    }

    @Test("A 200 whose body is not the contract's is malformed, naming the field")
    func malformedBody() async throws {
        let server = try StubServer { _ in
            .json(200, #"{"results": [{"items": [{"id": 3, "entry": "DEBIT"}], "date": "x"}], "itemsTotal": 1}"#)
        }
        defer { server.stop() }
        let api = URLSessionStatementRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))
        await #expect(throws: RemoteError.malformedResponse("no string 'id'")) {
            try await api.statement(token: AccessToken("t"))
        }
    }

    @Test(
        "An amount no JSON reader holds exactly is malformed, never a wrong amount",
        arguments: ["1e300", "99999999999999999999", "9007199254740993", "1.5", "-1e19", "true"])
    func anAmountOutOfRangeIsMalformed(amount: String) async throws {
        let body = Self.seedList.replacingOccurrences(of: #""amount": 150000"#, with: #""amount": \#(amount)"#)
        #expect(body != Self.seedList)
        let server = try StubServer { _ in .json(200, body) }
        defer { server.stop() }
        let api = URLSessionStatementRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))
        await #expect(throws: RemoteError.malformedResponse("no integer 'amount'")) {
            try await api.statement(token: AccessToken("t"))
        }
    }

    @Test("The largest exact amounts still decode", arguments: [9_007_199_254_740_992, -9_007_199_254_740_992, 0])
    func anAmountInRangeDecodes(amount: Int) async throws {
        let body = Self.seedList.replacingOccurrences(of: #""amount": 150000"#, with: #""amount": \#(amount)"#)
        let server = try StubServer { _ in .json(200, body) }
        defer { server.stop() }
        let api = URLSessionStatementRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))
        let statement = try await api.statement(token: AccessToken("t"))
        #expect(statement.sections.first?.items.first?.amount == amount)
    }

    @Test(
        "An entry id stays one path segment, whatever it holds",
        arguments: [
            ("..", "/challenge/details/%2E%2E"), (".", "/challenge/details/%2E"), ("a/b", "/challenge/details/a%2Fb"),
            ("x?y#z", "/challenge/details/x%3Fy%23z"), ("%2E%2E", "/challenge/details/%252E%252E"),
            ("a b", "/challenge/details/a%20b"), ("...", "/challenge/details/..."),
        ])
    func anEntryIdIsOneSegment(id: String, path: String) async throws {
        let server = try StubServer { _ in .json(200, Self.seedDetails) }
        defer { server.stop() }
        let api = URLSessionStatementRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))

        _ = try await api.entryDetails(id: id, token: AccessToken("t"))

        #expect(server.requests.first?.path == path)
    }
}
