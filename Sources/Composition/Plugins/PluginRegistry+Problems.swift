extension PluginRegistry {
    /// Every problem that would stop `environment` from being built, in the
    /// order a person fixes them: each port's unknown plugin (port by port),
    /// then each chosen plugin's own problems (`Plugin.problems`), port by
    /// port, a problem several plugins share named once — for the URLSession
    /// plugins the base URL, then the API key; for `oauth2` its client
    /// settings and secret; for `supabase` the anon key's variable and Bearer
    /// tokens. The registry recognises no plugin by name: each checks its
    /// own. Empty when the environment can be built. `validate(_:)` stops at
    /// the first plugin problem; `app envs` shows them all.
    public func problems(in environment: AppEnvironment) -> [CompositionError] {
        var problems: [CompositionError] = []
        for port in PortName.allCases {
            let name = environment.plugins[port]
            let known = names(for: port)
            if !known.contains(name) {
                problems.append(.unknownPlugin(port: port.protocolName, name: name, known: known))
            }
        }
        for port in PortName.allCases {
            for problem in ownProblems(of: environment.plugins[port], for: port, in: environment)
            where !problems.contains(problem) {
                problems.append(problem)
            }
        }
        return problems
    }

    /// The problems the plugin `name` of `port` finds in `environment`;
    /// none when the registry has no such plugin (that is its own problem).
    private func ownProblems(of name: String, for port: PortName, in environment: AppEnvironment)
        -> [CompositionError]
    {
        func check<Made>(_ plugins: [Plugin<Made>]) -> [CompositionError] {
            plugins.first { $0.name == name }?.problems(environment) ?? []
        }
        return switch port {
        case .auth: check(auth)
        case .user: check(user)
        case .statement: check(statement)
        case .health: check(health)
        case .connectivity: check(connectivity)
        case .coding: check(coding)
        case .preferences: check(preferences)
        // Store and clock plugins need nothing an environment could lack.
        case .store, .clock: []
        }
    }
}
