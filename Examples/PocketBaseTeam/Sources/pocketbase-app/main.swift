// This team's app, headless: Gatehouse's app with the team's plugin and the
// stand-in of its PocketBase. `pocketbase-app --env pocketbase-local.json`
// drives its screens, `run --in-process-server` its acceptance scripts,
// `serve --profile pocketbase` its stand-in; every other word is `app`'s.
import Composition
import CompositionTesting
import Foundation
import GatehouseApp
import PocketBasePlugins
import PocketBaseStandIn

var registry = PluginRegistry.standard
registry.auth.append(PocketBasePlugins.auth)
exit(
    await GatehouseCommandLine.run(
        arguments: Array(CommandLine.arguments.dropFirst()), registry: registry,
        standIns: [PocketBaseStandIn.plugin]))
