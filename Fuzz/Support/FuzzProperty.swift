// Compiled into every harness (scripts/fuzz), never into the package.
import OperatingSystem

/// Stops the run when a property a harness checks does not hold. Trapping is
/// the point here, unlike anywhere in Sources/: libFuzzer treats the abort as
/// a crash and saves the input that caused it, which then becomes a case in
/// the test suite (docs/fuzzing.md).
func fuzzRequire(_ holds: Bool, _ property: @autoclosure () -> String) {
    if holds { return }
    // write(2) rather than stderr: Swift 6 refuses the C global as shared mutable state.
    let message = Array("fuzz property violated: \(property())\n".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    abort()
}

/// The fuzzer's bytes as an array: every harness starts from one.
func fuzzInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let start, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: start, count: count))
}
