import AdapterHTTP
import BoundedHTTP
import Composition
import Foundation
import Ports
import PortContracts

/// What checking an ID token's signature adds to a sign-in: one verification
/// of RFC 7515's RS256 example (a 2048-bit key) and of its ES256 example,
/// by the verifier the composition root gives the `oauth2` plugin
/// (`SignatureVerification`: the hand-written one), beside the round
/// trip of a password sign-in to `app serve` in another process (the token
/// endpoint answers at least that late; across a network, tens of
/// milliseconds more). Real time, medians, in the build this bench runs in
/// (the crypto target is optimised in every configuration, Package.swift).
struct SignatureBench {
    let plan: BenchPlan

    /// The most one verification may add to a sign-in.
    static let goalSeconds = 0.005
    /// How many times OpenSSL's time on this machine each verification may
    /// take (issue 56): RSA is a handful of word products a step, which a
    /// hand-written loop gets within 3× of OpenSSL's assembly; P-256's
    /// point arithmetic leaves more to OpenSSL's tables and assembly: 5×.
    static let ratioGoals: [String: Double] = ["RS256": 3, "ES256": 5]

    func run() async -> BenchScenarioReport {
        let verifications = plan.quick ? 5 : 51
        let signIns = plan.quick ? 3 : 21
        let setup =
            "\(verifications) verifications of RFC 7515's A.2 (RS256, 2048 bits) and A.3 (ES256) by "
            + "the app's verifier (SoftwareSignatureVerifier); \(signIns) password sign-ins to app serve in another process "
            + "(127.0.0.1); \(PINBench.buildName) build; real time"
        var rows: [BenchRow] = []
        var medians: [(algorithm: String, seconds: Double)] = []
        let verifier = SignatureVerification.verifier()
        for example in [SignatureExample.rfc7515A2, SignatureExample.rfc7515A3] {
            var seconds: [Double] = []
            for _ in 0..<verifications {
                let started = ContinuousClock.now
                let valid = verifier.isValid(
                    example.signature, of: example.message, by: example.key, algorithm: example.algorithm)
                seconds.append((ContinuousClock.now - started).benchSeconds)
                guard valid else {
                    return BenchScenarioReport(
                        scenario: "signature", setup: setup, rows: rows, failure: "\(example.name) did not verify")
                }
            }
            let median = seconds.sorted()[seconds.count / 2]
            rows.append(
                BenchRow(
                    label: "one \(example.algorithm.rawValue) verification",
                    figures: "median \(BenchFormat.fixed(median * 1_000_000, 0)) µs (\(example.name))",
                    goal: "≤ \(Int(Self.goalSeconds * 1000)) ms", met: median <= Self.goalSeconds,
                    numbers: ["medianSeconds": median]))
            medians.append((example.algorithm.rawValue, median))
        }
        // What the machine can do, in the same run: OpenSSL's own verifications.
        let openSSL = OpenSSLSpeed.measure(seconds: plan.quick ? 1 : 3)
        for (algorithm, median) in medians {
            rows.append(
                OpenSSLSpeed.row(
                    algorithm: algorithm, ours: median, openSSL: openSSL,
                    goal: Self.ratioGoals[algorithm] ?? 1))
        }
        guard let executable = plan.workerExecutable else {
            return BenchScenarioReport(
                scenario: "signature", setup: setup, rows: rows,
                failure:
                    "no app executable to start app serve from (build it beside gatehouse-bench: swift build -c release)"
            )
        }
        do throws(BenchSetupError) {
            let server = try await offThePool { () throws(BenchSetupError) in
                try AppServeProcess(executable: executable)
            }
            defer { server.stop() }
            let auth: URLSessionAuthRemoteAPI
            do {
                auth = URLSessionAuthRemoteAPI(
                    configuration: try HTTPConfiguration(
                        baseURL: server.baseURL, apiKey: APIKey(AppServeProcess.developmentKey)))
            } catch {
                throw BenchSetupError("no HTTP configuration for \(server.baseURL): \(error)")
            }
            var seconds: [Double] = []
            for _ in 0..<signIns {
                let started = ContinuousClock.now
                do {
                    _ = try await auth.signIn(BenchBackendStage.maria)
                } catch {
                    throw BenchSetupError("the seeded account cannot sign in at app serve: \(error)")
                }
                seconds.append((ContinuousClock.now - started).benchSeconds)
            }
            let median = seconds.sorted()[seconds.count / 2]
            rows.append(
                BenchRow(
                    label: "a password sign-in's round trip, beside them",
                    figures: "median \(BenchFormat.fixed(median * 1000, 2)) ms (loopback, app serve)",
                    numbers: ["medianSeconds": median]))
        } catch {
            return BenchScenarioReport(scenario: "signature", setup: setup, rows: rows, failure: error.description)
        }
        return BenchScenarioReport(scenario: "signature", setup: setup, rows: rows)
    }
}
