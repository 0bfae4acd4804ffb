extension PluginRegistry {
    /// A plugin that declares a setting: its port, its name and its declaration.
    public struct SettingReader: Sendable, Hashable {
        public let port: PortName
        public let plugin: String
        public let setting: PluginSetting

        /// `auth plugin oauth2`, as errors name it.
        public var phrase: String { "\(port.rawValue) plugin \(plugin)" }
    }

    /// Every plugin, of every port, that declares `key`, in the registry's order.
    public func readers(of key: String) -> [SettingReader] {
        PortName.allCases.flatMap { port in
            descriptions(for: port).flatMap { plugin in
                plugin.settings.filter { $0.key == key }.map {
                    SettingReader(port: port, plugin: plugin.name, setting: $0)
                }
            }
        }
    }

    /// The plugins `environment` chose that declare `key`.
    public func chosenReaders(of key: String, in environment: AppEnvironment) -> [SettingReader] {
        readers(of: key).filter { environment.plugins[$0.port] == $0.plugin }
    }

    /// The settings the plugins `environment` chose declare, port by port, a
    /// key declared by several listed once (as its first reader declares it).
    public func chosenSettings(in environment: AppEnvironment) -> [PluginSetting] {
        var seen: Set<String> = []
        return PortName.allCases.flatMap { port in declaredSettings(of: environment.plugins[port], for: port) }
            .filter { seen.insert($0.key).inserted }
    }

    /// What the plugin `environment` chose for `port` is given: the shared
    /// settings, and for each setting it declares the environment's value,
    /// else the declared default.
    public func settings(for port: PortName, in environment: AppEnvironment) -> PluginSettings {
        var values: [String: SettingValue] = [:]
        for setting in declaredSettings(of: environment.plugins[port], for: port) {
            if let value = environment.pluginSettings[setting.key] ?? setting.defaultSetting {
                values[setting.key] = value
            }
        }
        return PluginSettings(shared: environment.settings, values: values)
    }

    /// The keys of the chosen plugins' settings that play `role`.
    public func chosenKeys(withRole role: PluginSetting.Role, in environment: AppEnvironment) -> [String] {
        chosenSettings(in: environment).filter { $0.role == role }.map(\.key)
    }

    /// The names of the process environment variables that hold a secret
    /// for the plugins `environment` chose (the API key's): what output is
    /// checked against.
    public func secretVariables(in environment: AppEnvironment) -> [String] {
        chosenKeys(withRole: .secretVariable, in: environment).compactMap { key in
            guard case .text(let variable) = environment.pluginSettings[key] else { return nil }
            return variable
        }
    }

    /// Whether a reference server can stand behind `environment`: some
    /// chosen plugin reads a base URL, and every one that does speaks the
    /// wire contract, apart from the plugins of `standsInElsewhere` (a
    /// stand-in of their own dialect stands behind them).
    public func speaksWireContract(_ environment: AppEnvironment, apartFrom standsInElsewhere: Set<PortName> = [])
        -> Bool
    {
        let overBaseURL = PortName.allCases.filter { port in
            declaredSettings(of: environment.plugins[port], for: port).contains { $0.role == .baseURL }
        }
        return !overBaseURL.isEmpty
            && overBaseURL.allSatisfy { port in
                standsInElsewhere.contains(port) || speaksWireContract(environment.plugins[port], for: port)
            }
    }

    /// What is wrong with `environment`'s plugin settings, key by key: a
    /// key no chosen plugin reads (naming the plugins that do), a value
    /// not of the type a reader declares.
    public func settingProblems(in environment: AppEnvironment) -> [CompositionError] {
        environment.pluginSettings.keys.sorted().compactMap { key in
            let chosen = chosenReaders(of: key, in: environment)
            guard !chosen.isEmpty else { return notRead(key, in: environment) }
            guard let value = environment.pluginSettings[key] else { return nil }
            // The same rule as a file's reader, for an environment made in code.
            if let refusal = value.credentialsRefusal { return .invalidSetting(setting: key, reason: refusal) }
            guard let misfit = chosen.first(where: { !$0.setting.type.admits(value) }) else { return nil }
            return .invalidSetting(setting: key, reason: "must be \(misfit.setting.type.description)")
        }
    }

    /// The error for `key` when no plugin `environment` chose reads it.
    public func notRead(_ key: String, in environment: AppEnvironment) -> CompositionError {
        let parties = notReadParties(key, in: environment)
        return .settingNotRead(setting: key, readers: parties.readers, chosen: parties.chosen)
    }

    /// Why no plugin `environment` chose reads `key`, as a field's reason
    /// (`is read by auth plugin oauth2; this environment chose auth http`).
    public func notReadReason(_ key: String, in environment: AppEnvironment) -> String {
        let parties = notReadParties(key, in: environment)
        return CompositionError.notReadReason(readers: parties.readers, chosen: parties.chosen)
    }

    /// The plugins that read `key` (`auth plugin oauth2`) and the
    /// environment's plugins of their ports (`auth http`).
    private func notReadParties(_ key: String, in environment: AppEnvironment) -> (
        readers: [String], chosen: [String]
    ) {
        let readers = readers(of: key)
        var ports: [PortName] = []
        for reader in readers where !ports.contains(reader.port) { ports.append(reader.port) }
        return (readers.map(\.phrase), ports.map { "\($0.rawValue) \(environment.plugins[$0])" })
    }

    /// The settings the plugin `name` of `port` declares; none when there is no such plugin.
    func declaredSettings(of name: String, for port: PortName) -> [PluginSetting] {
        descriptions(for: port).first { $0.name == name }?.settings ?? []
    }

    private func speaksWireContract(_ name: String, for port: PortName) -> Bool {
        func speaks<Made>(_ plugins: [Plugin<Made>]) -> Bool {
            plugins.first { $0.name == name }?.speaksWireContract ?? false
        }
        return switch port {
        case .auth: speaks(auth)
        case .user: speaks(user)
        case .statement: speaks(statement)
        case .health: speaks(health)
        case .connectivity: speaks(connectivity)
        case .coding: speaks(coding)
        case .preferences: speaks(preferences)
        case .browser: speaks(browser)
        case .events: speaks(events)
        // No store or clock plugin talks to a server.
        case .store, .clock: false
        }
    }
}

extension PluginSetting.ValueType {
    /// Whether `value` is one this type's checks could have given.
    public func admits(_ value: SettingValue) -> Bool {
        switch (self, value) {
        case (.text, .text), (.seconds, .seconds), (.flag, .flag): true
        case (.wholeNumber(let range), .wholeNumber(let number)): range.contains(number)
        case (.choice(let choices), .choice(let choice)): choices.contains(choice)
        case (.object(let known), .object(let fields)): fields.keys.allSatisfy(known.contains)
        default: false
        }
    }
}
