public import CompositionTesting
import PocketBasePlugins

extension PocketBaseStandIn {
    /// The stand-in behind the `pocketbase` plugin, for the team's own app:
    /// `run --in-process-server` starts one for each script over the
    /// script's backend; `serve --profile pocketbase` serves it on
    /// 127.0.0.1:8090, PocketBase's own port. The seeded people sign in by
    /// e-mail (`maria@example.com`, `123456`); passwords of six characters
    /// at least, as this team's collection takes.
    public static let plugin = StandInPlugin(
        name: "pocketbase", summary: "this team's PocketBase (users collection)",
        authPlugin: PocketBasePlugins.auth.name, baseURLSetting: PocketBasePlugins.baseURLSetting, port: 8090,
        passwordRule: .atLeast(6), routes: Route.allCases.map(\.rawValue)
    ) { serving in
        let standIn = try PocketBaseStandIn(
            backend: serving.backend, port: serving.port, requestLog: serving.requestLog)
        return StandInPlugin.Served(baseURL: standIn.baseURL) { standIn.stop() }
    }
}
