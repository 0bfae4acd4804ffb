import Foundation
import GatehouseApp

// The headless app is the GatehouseApp library with the standard registry;
// everything else is there.
exit(await GatehouseCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst())))
