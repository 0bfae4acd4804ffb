import Foundation

/// The `app` executable the workers run: built beside the test binary, since
/// this target depends on it.
enum AppExecutable {
    static var path: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("app").path
    }
}
