extension PluginRegistry {
    /// Every problem that would stop `environment` from being built, in the
    /// order a person fixes them: each port's unknown plugin (port by port),
    /// then, when a port uses the http plugins, the base URL, then the API key.
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
        let usesHTTP = PortName.allCases.contains { environment.plugins[$0] == HTTPPlugins.auth.name }
        if usesHTTP {
            if let problem = HTTPPlugins.baseURLProblem(in: environment.settings) { problems.append(problem) }
            if let problem = HTTPPlugins.apiKeyProblem(in: environment.settings) { problems.append(problem) }
        }
        return problems
    }
}
