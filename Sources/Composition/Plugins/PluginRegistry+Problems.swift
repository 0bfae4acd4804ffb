extension PluginRegistry {
    /// Every problem that would stop `environment` from being built, in the
    /// order a person fixes them: each port's unknown plugin (port by port),
    /// then, when a port uses the http plugins, the base URL, then the API key,
    /// then, for the oauth2 plugin, its client settings and secret, and for
    /// the supabase plugins, the anon key's variable and Bearer tokens.
    /// Empty when the environment can be built. `validate(_:)` stops at the
    /// first plugin problem; `app envs` shows them all.
    public func problems(in environment: AppEnvironment) -> [CompositionError] {
        var problems: [CompositionError] = []
        for port in PortName.allCases {
            let name = environment.plugins[port]
            let known = names(for: port)
            if !known.contains(name) {
                problems.append(.unknownPlugin(port: port.protocolName, name: name, known: known))
            }
        }
        let usesOAuth2 = environment.plugins.auth == HTTPPlugins.oauth2Auth.name
        let usesSupabase = SupabasePlugins.isUsed(by: environment)
        let usesHTTP =
            usesOAuth2 || usesSupabase
            || PortName.allCases.contains { environment.plugins[$0] == HTTPPlugins.auth.name }
        if usesHTTP {
            if let problem = HTTPPlugins.baseURLProblem(in: environment.settings) { problems.append(problem) }
            if usesSupabase, let problem = SupabasePlugins.problem(in: environment.settings) {
                problems.append(problem)
            } else if let problem = HTTPPlugins.apiKeyProblem(in: environment.settings) {
                problems.append(problem)
            }
        }
        if usesOAuth2 {
            do {
                _ = try HTTPPlugins.oauth2Client(environment)
            } catch {
                problems.append(error)
            }
        }
        return problems
    }
}
