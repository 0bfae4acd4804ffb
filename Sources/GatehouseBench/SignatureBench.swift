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

    /// How long each algorithm's verifications run, before OpenSSL's run
    /// and again after it: long enough that a moment of the shared host's
    /// speed does not set the figure, and on both sides of OpenSSL's, so
    /// that a drift of the host's speed during the run falls on both.
    static func verifyingTime(quick: Bool) -> Duration { quick ? .milliseconds(100) : .milliseconds(750) }

    func run() async -> BenchScenarioReport {
        let verifyingTime = Self.verifyingTime(quick: plan.quick)
        let openSSLSeconds = plan.quick ? 1 : 3
        let signIns = plan.quick ? 3 : 21
        let setup =
            "RFC 7515's A.2 (RS256, 2048 bits) and A.3 (ES256) verified by the app's verifier "
            + "(SoftwareSignatureVerifier) for \(verifyingTime) each, before openssl speed "
            + "(-seconds \(openSSLSeconds)) and again after it, the median of every verification; "
            + "\(signIns) password sign-ins to app serve in another process (127.0.0.1); "
            + "\(PINBench.buildName) build; real time"
        var rows: [BenchRow] = []
        let verifier = SignatureVerification.verifier()
        let examples = [SignatureExample.rfc7515A2, SignatureExample.rfc7515A3]
        var seconds: [[Double]] = examples.map { _ in [] }
        // Ours, then what the machine can do in the same run (OpenSSL's own
        // verifications), then ours again.
        var openSSL: OpenSSLSpeed?
        for pass in 0..<2 {
            if pass == 1 { openSSL = OpenSSLSpeed.measure(seconds: openSSLSeconds) }
            for (offset, example) in examples.enumerated() {
                guard let times = Self.verifications(of: example, by: verifier, for: verifyingTime) else {
                    return BenchScenarioReport(
                        scenario: "signature", setup: setup, rows: rows, failure: "\(example.name) did not verify")
                }
                seconds[offset] += times
            }
        }
        var medians: [(algorithm: String, seconds: Double)] = []
        for (offset, example) in examples.enumerated() {
            let median = BenchDistribution(seconds[offset]).median
            rows.append(
                BenchRow(
                    label: "one \(example.algorithm.rawValue) verification",
                    figures:
                        "median \(BenchFormat.fixed(median * 1_000_000, 0)) µs (\(example.name), "
                        + "\(seconds[offset].count) verifications)",
                    goal: "≤ \(Int(Self.goalSeconds * 1000)) ms", met: median <= Self.goalSeconds,
                    numbers: ["medianSeconds": median, "verifications": Double(seconds[offset].count)]))
            medians.append((example.algorithm.rawValue, median))
        }
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

    /// `example` verified again and again for `duration` (at least 5
    /// times): each verification's seconds, or nil if one did not verify.
    static func verifications(
        of example: SignatureExample, by verifier: any SignatureVerifier, for duration: Duration
    ) -> [Double]? {
        var seconds: [Double] = []
        let end = ContinuousClock.now + duration
        while seconds.count < 5 || ContinuousClock.now < end {
            let started = ContinuousClock.now
            let valid = verifier.isValid(
                example.signature, of: example.message, by: example.key, algorithm: example.algorithm)
            seconds.append((ContinuousClock.now - started).benchSeconds)
            guard valid else { return nil }
        }
        return seconds
    }
}
