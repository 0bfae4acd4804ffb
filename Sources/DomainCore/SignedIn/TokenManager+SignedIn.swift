import Ports

extension TokenManager {
    /// An authorised call of the signed-in area, its failure in the area's terms.
    func signedInCall<Value: Sendable>(
        _ call: @Sendable (AccessToken) async throws(RemoteError) -> Value
    ) async throws(SignedInFailure) -> Value {
        do {
            return try await authorized(call)
        } catch {
            throw SignedInFailure(error)
        }
    }
}
