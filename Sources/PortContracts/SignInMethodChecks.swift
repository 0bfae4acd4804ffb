import Ports
import Testing

/// The check every auth adapter shares, whether it signs in by password,
/// outside the app, or both: a method it does not list is refused at once.
struct SignInMethodChecks {
    let auth: any AuthRemoteAPI
    let sourceLocation: SourceLocation

    func unlistedMethodsAreRefused() async {
        let verdicts = RemoteCallVerdicts(sourceLocation: sourceLocation)
        for method in SignInMethod.allCases where method == .password || !auth.signInMethods.contains(method) {
            let error = await verdicts.refusal(saying: []) { () async throws(RemoteError) in
                let attempt = try await auth.beginSignIn(method)
                await attempt.end()
            }
            expectMethodNotOffered(error, "beginSignIn(.\(method))")
        }
        guard !auth.signInMethods.contains(.password) else { return }
        let credentials = Credentials(identifier: IdentifierKind.cpf.unknown, password: Password("123456"))
        let error = await verdicts.refusal(saying: []) { () async throws(RemoteError) in
            _ = try await auth.signIn(credentials)
        }
        expectMethodNotOffered(error, "signIn without .password listed")
    }

    private func expectMethodNotOffered(_ error: RemoteError?, _ context: String) {
        guard error != .signInRefused(.methodNotOffered) else { return }
        Issue.record(
            "\(context): expected signInRefused(methodNotOffered), got \(String(describing: error))",
            sourceLocation: sourceLocation)
    }
}
