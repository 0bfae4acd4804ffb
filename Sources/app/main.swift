import Foundation

// Parse, dispatch, exit with the code. Everything else is in CLI/.
let code: Int32
do {
    let invocation = try CommandLineParser.parse(Array(CommandLine.arguments.dropFirst()))
    code = await CommandLineApp.standard().run(invocation)
} catch {
    Console.standard().error(error.description)
    code = error.exitCode
}
exit(code)
