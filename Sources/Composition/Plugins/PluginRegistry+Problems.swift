extension PluginRegistry {
    /// Every problem that would stop `environment` from being built, in the
    /// order a person fixes them: each port's unknown plugin (port by port),
    /// then each plugin setting no chosen plugin reads or given as no reader
    /// declares it (`settingProblems(in:)`), then each chosen plugin's own
    /// problems (`Plugin.problems`, given only its own settings), port by
    /// port, a problem several plugins share named once. The registry
    /// recognises no plugin by name: each checks its own. Empty when the
    /// environment can be built. `validate(_:)` stops at the first setting
    /// problem; `app envs` shows them all.
    public func problems(in environment: AppEnvironment) -> [CompositionError] {
        var problems: [CompositionError] = []
        for port in PortName.allCases {
            let name = environment.plugins[port]
            let known = names(for: port)
            if !known.contains(name) {
                problems.append(.unknownPlugin(port: port.protocolName, name: name, known: known))
            }
        }
        problems += settingProblems(in: environment)
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
        let settings = settings(for: port, in: environment)
        func check<Made>(_ plugins: [Plugin<Made>]) -> [CompositionError] {
            plugins.first { $0.name == name }?.problems(settings) ?? []
        }
        return switch port {
        case .auth: check(auth)
        case .user: check(user)
        case .statement: check(statement)
        case .health: check(health)
        case .connectivity: check(connectivity)
        case .coding: check(coding)
        case .preferences: check(preferences)
        case .browser: check(browser)
        case .events: check(events)
        // Store and clock plugins need nothing an environment could lack.
        case .store, .clock: []
        }
    }
}
