import Foundation

// gatehouse-bench: the session layer measured, each goal beside its figure.
// A program of its own, so that the app links none of the bench; it starts
// the app built beside it for its whole-process scenarios.

let console = BenchConsole.standard
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    console.print(BenchHelp.text)
    exit(0)
}
let options: BenchOptions
do {
    options = try BenchOptions.parse(arguments)
} catch {
    console.error(error.description)
    exit(2)
}
let here = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
let app = here.deletingLastPathComponent().appendingPathComponent("app").path
let appExecutable = FileManager.default.isExecutableFile(atPath: app) ? app : nil
let code = await BenchCommand(options: options, console: console, appExecutable: appExecutable).run()
exit(code)
