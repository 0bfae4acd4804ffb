import AdapterHTTP
import BoundedHTTP
import Ports
import Testing

/// The `http` user adapter on a server with the profile alone
/// (`offersAccountRoutes: false`, `oauth2-local`): the account calls send
/// nothing and are refused as the port says, so the app offers none of
/// their actions instead of showing a server failure.
@Suite("The http user adapter without account routes")
struct UserRoutesNotOfferedTests {
    @Test("Without account routes the four account calls send nothing and answer NOT_FOUND; the profile is asked")
    func accountCallsSendNothing() async throws {
        let server = try StubServer { _ in
            .json(
                200, #"{"id":"u1","cpf":"12345678909","name":"Maria Silva","email":"maria@example.com","active":true}"#)
        }
        defer { server.stop() }
        let users = URLSessionUserRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil), offersAccountRoutes: false)
        let token = AccessToken("AT-1")

        #expect(users.offersCurrentUser)
        #expect(!users.offersAccountRoutes)
        let notFound = RemoteError.rejected(status: 404, code: .notFound)
        await #expect(throws: notFound) {
            _ = try await users.updateCurrentUser(ProfileChanges(name: "Ana"), token: token)
        }
        await #expect(throws: notFound) { try await users.deleteCurrentUser(token: token) }
        await #expect(throws: notFound) { _ = try await users.relatedUsers(token: token) }
        await #expect(throws: notFound) { _ = try await users.saveSharedWith([], token: token) }
        #expect(server.requests.isEmpty, "nothing was sent")

        _ = try? await users.currentUser(token: token)
        #expect(server.requests.map(\.path) == ["/users/me"])
    }
}
