import Composition
import Foundation

// Until the command line arrives: run the scripts named, or show the start-up.
let arguments = Array(CommandLine.arguments.dropFirst())
let texts = Texts(locale: "pt-BR")
let runner = ScriptRunner(environment: .inMemory, texts: texts, print: { Swift.print($0) })
if arguments.first == "run" {
    exit(await runner.run(files: Array(arguments.dropFirst())))
}
let world = try AppWorld(environment: .inMemory)
let app = HeadlessApp(world: world, texts: texts)
await app.launch()
print(app.renderedScreen())
await app.shutDown()
