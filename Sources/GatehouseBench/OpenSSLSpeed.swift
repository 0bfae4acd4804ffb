import Foundation

/// What the machine can do: OpenSSL's own time for one RSA-2048 and one
/// ECDSA P-256 verification on this machine (`openssl speed -mr rsa2048
/// ecdsap256`, run once, beside the bench's own figures, in the same run),
/// the limit the signature scenario's ratios are to. Nil figures when
/// `openssl` is not installed or says nothing readable: the rows say so and
/// meet no goal.
struct OpenSSLSpeed: Sendable, Equatable {
    /// Seconds for one RSA-2048 public-key operation (a verification).
    let rsa2048Verify: Double
    /// Seconds for one ECDSA P-256 verification.
    let ecdsaP256Verify: Double

    /// `openssl`'s path in `PATH`, if any.
    static func executable(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        (path ?? "").split(separator: ":").map { "\($0)/openssl" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `openssl speed` for `seconds` a test (about 4·`seconds` in all)
    /// and reads its figures; nil when it is not installed, fails, or
    /// prints nothing readable within a minute.
    static func measure(seconds: Int) -> OpenSSLSpeed? {
        guard let openssl = executable() else { return nil }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("openssl-speed-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        guard
            let child = try? BenchChildProcess(
                executable: openssl, arguments: ["speed", "-seconds", "\(seconds)", "-mr", "rsa2048", "ecdsap256"],
                variables: BenchChildProcess.plainVariables, input: .null, output: .createdFile(output),
                error: .null),
            child.waitForExit(within: .seconds(60)) == 0,
            let text = try? String(contentsOfFile: output, encoding: .utf8)
        else { return nil }
        return parse(text)
    }

    /// The figures of `openssl speed -mr`'s machine-readable lines: `+F2`
    /// (RSA: bits, signs and verifications a second) for 2048 bits and `+F4`
    /// (ECDSA) for 256; nil unless both are there, positive and finite.
    static func parse(_ text: String) -> OpenSSLSpeed? {
        var rsa: Double?
        var ecdsa: Double?
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ":").map(String.init)
            guard fields.count == 5, let bits = Int(fields[2]), let perSecond = Double(fields[4]),
                perSecond.isFinite, perSecond > 0
            else { continue }
            if fields[0] == "+F2", bits == 2048 { rsa = 1 / perSecond }
            if fields[0] == "+F4", bits == 256 { ecdsa = 1 / perSecond }
        }
        guard let rsa, let ecdsa else { return nil }
        return OpenSSLSpeed(rsa2048Verify: rsa, ecdsaP256Verify: ecdsa)
    }

    /// OpenSSL's time for the verification of `algorithm`'s example.
    func seconds(for algorithm: String) -> Double? {
        switch algorithm {
        case "RS256": rsa2048Verify
        case "ES256": ecdsaP256Verify
        default: nil
        }
    }

    /// The row of one verification beside OpenSSL's: the ratio, under
    /// `goal` times to pass; with no OpenSSL figure, a row that says so and
    /// meets nothing.
    static func row(
        algorithm: String, ours median: Double, openSSL: OpenSSLSpeed?, goal: Double
    ) -> BenchRow {
        let label = "one \(algorithm) verification beside OpenSSL's"
        let goalText = "≤ \(BenchFormat.fixed(goal, 0))× OpenSSL's, same run"
        guard let theirs = openSSL?.seconds(for: algorithm) else {
            return BenchRow(
                label: label, figures: "not measured: openssl is not installed (or said nothing readable)",
                goal: goalText, met: false)
        }
        let ratio = median / theirs
        return BenchRow(
            label: label,
            figures:
                "\(BenchFormat.fixed(median * 1_000_000, 0)) µs against OpenSSL's "
                + "\(BenchFormat.fixed(theirs * 1_000_000, 1)) µs: \(BenchFormat.fixed(ratio, 1))×",
            goal: goalText, met: ratio <= goal,
            numbers: ["medianSeconds": median, "openSSLSeconds": theirs, "ratio": ratio])
    }
}
