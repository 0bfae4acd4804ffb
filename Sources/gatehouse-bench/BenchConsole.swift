import Foundation

/// Where the bench's lines go: stdout and stderr by default, each line with
/// its control characters shown as `?` (a failure's reason may quote a
/// server), so nothing the bench prints can steer the terminal. Tests hand
/// in their own writers.
struct BenchConsole: Sendable {
    let output: @Sendable (String) -> Void
    let errors: @Sendable (String) -> Void

    /// The process's own stdout and stderr.
    static let standard = BenchConsole(
        output: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

    func print(_ text: String) { output(Self.shown(text)) }

    func error(_ text: String) { errors(Self.shown(text)) }

    /// `text` with every control character but newline and tab as `?`.
    static func shown(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    return isControl && scalar != "\n" && scalar != "\t" ? "?" : scalar
                }))
    }
}
