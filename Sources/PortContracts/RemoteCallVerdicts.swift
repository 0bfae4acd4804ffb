import Ports
import Testing

/// What a remote contract's checks make of a call that is to fail, in one
/// place for every remote port: the error it throws (searched for the token
/// it was called with: no error may say it), a rejection's status and code,
/// a failure of the network or the server, and `RemoteError`'s mapping of an
/// error status. Each broken promise is recorded at `sourceLocation`.
struct RemoteCallVerdicts {
    let sourceLocation: SourceLocation

    /// The failures that must be the network's or the server's, never the person's.
    static let infrastructureFailures: [RemoteCallFailure] = [.drop, .malformed, .status(500, body: .empty)]

    /// The error `body` throws, if any, checked to say nothing of `token`.
    func outcome(_ token: AccessToken, _ body: () async throws(RemoteError) -> Void) async -> RemoteError? {
        await outcome(saying: [.token(token.reveal())], body)
    }

    /// The error `body` throws, if any, checked to say none of `secrets`.
    func outcome(saying secrets: [SecretSent], _ body: () async throws(RemoteError) -> Void) async -> RemoteError? {
        do throws(RemoteError) {
            try await body()
            return nil
        } catch {
            for text in everyTextOf(error) {
                for secret in secrets where secret.isLongEnoughToSearch && text.contains(secret.value) {
                    Issue.record("the error's text says the \(secret.kind): \(text)", sourceLocation: sourceLocation)
                }
            }
            return error
        }
    }

    /// The error `body` throws — recorded as an issue when it throws none —
    /// checked to say nothing of `token`.
    func refusal(_ token: AccessToken, _ body: () async throws(RemoteError) -> Void) async -> RemoteError? {
        await refusal(saying: [.token(token.reveal())], body)
    }

    /// The error `body` throws — recorded as an issue when it throws none —
    /// checked to say none of `secrets`.
    func refusal(saying secrets: [SecretSent], _ body: () async throws(RemoteError) -> Void) async -> RemoteError? {
        let error = await outcome(saying: secrets, body)
        if error == nil { Issue.record("the call succeeded; a refusal was expected", sourceLocation: sourceLocation) }
        return error
    }

    /// Whether `error` is a rejection with `status` and `code`, whatever its fields.
    static func isRejection(_ error: RemoteError?, _ status: Int, _ code: RemoteErrorCode) -> Bool {
        guard case .rejected(let given, let givenCode, _)? = error else { return false }
        return given == status && givenCode == code
    }

    /// Records an issue unless `error` is a rejection with `status` and `code`.
    func expectRejection(_ error: RemoteError?, _ status: Int, _ code: RemoteErrorCode, _ context: String = "") {
        guard !Self.isRejection(error, status, code) else { return }
        Issue.record(
            "\(context) expected \(status) \(code.rawValue), got \(String(describing: error))",
            sourceLocation: sourceLocation)
    }

    /// Records an issue unless `error` is what `failure` must make of a
    /// call: transport for a dropped connection, malformedResponse for a
    /// body that is not the route's, the status for a 500 — each the
    /// network's or the server's failure.
    func expectInfrastructureFailure(_ error: RemoteError?, for failure: RemoteCallFailure, _ context: String) {
        switch (failure, error) {
        case (.drop, .transport?), (.malformed, .malformedResponse?): break
        case (.status(let expected, _), .rejected(let given, _, _)?) where given == expected: break
        default:
            Issue.record("\(context), \(failure): gave \(String(describing: error))", sourceLocation: sourceLocation)
        }
        #expect(error?.isInfrastructure == true, "\(context), \(failure)", sourceLocation: sourceLocation)
    }

    /// Records an issue for each way `error`, thrown for the dialect's own
    /// answer of `refusal`, breaks `RemoteError`'s promise.
    func expect(_ error: RemoteError?, toBe refusal: DialectRefusal, _ context: String) {
        guard let error else { return }
        for problem in refusal.problems(of: error) {
            Issue.record(
                "\(context), the dialect's \(refusal.rawValue) answer gave \(error): \(problem)",
                sourceLocation: sourceLocation)
        }
    }

    /// Records an issue for each way the outcome of a call whose answer
    /// came as `fault` (`error`, nil for a success) breaks the transport's
    /// promise.
    func expect(_ error: RemoteError?, toBe fault: TransportFault, _ context: String) {
        for problem in fault.problems(of: error) {
            Issue.record("\(context), \(fault.rawValue): \(problem)", sourceLocation: sourceLocation)
        }
    }

    /// Records an issue for each way `error`, thrown for an answer of
    /// `status` with `body`, breaks `RemoteError`'s mapping.
    func expectMapped(_ error: RemoteError, answering status: Int, body: ErrorAnswerBody, _ context: String) {
        for problem in RemoteErrorStatusMapping.problems(of: error, answering: status) {
            Issue.record(
                "\(context) answered \(status) with a \(body.rawValue) body gave \(error): \(problem)",
                sourceLocation: sourceLocation)
        }
    }
}

/// A secret a check sent, which no error may say.
struct SecretSent {
    /// What it is, for the message ("token", "password", "refresh token").
    let kind: String
    /// Its text.
    let value: String

    static func token(_ value: String) -> Self { Self(kind: "token", value: value) }

    /// Whether finding it in a text means it was said: a value shorter than
    /// six characters (a malformed password of one digit a sign-up check
    /// sends) is in texts by chance ("must be 11 digits").
    var isLongEnoughToSearch: Bool { value.count >= 6 }
}
