extension PluginRegistry {
    /// One plugin as `app plugins` lists it: its port, name, summary and the
    /// settings it reads.
    public struct PluginDescription: Sendable, Hashable {
        public let port: PortName
        public let name: String
        public let summary: String
        public let settings: [PluginSetting]
    }

    /// One setting and who reads it: `the app`, or each plugin as
    /// `PORT NAME` (`auth http`), in the registry's order.
    public struct SettingDeclaration: Sendable, Hashable {
        public let setting: PluginSetting
        public let readers: [String]
    }

    /// The reader `SettingDeclaration` names for the app's own settings.
    public static let appReader = "the app"

    /// The plugins of `port`, in the registry's order.
    public func descriptions(for port: PortName) -> [PluginDescription] {
        let rows: [(String, String, [PluginSetting])] =
            switch port {
            case .auth: auth.map { ($0.name, $0.summary, $0.settings) }
            case .user: user.map { ($0.name, $0.summary, $0.settings) }
            case .statement: statement.map { ($0.name, $0.summary, $0.settings) }
            case .health: health.map { ($0.name, $0.summary, $0.settings) }
            case .connectivity: connectivity.map { ($0.name, $0.summary, $0.settings) }
            case .store: store.map { ($0.name, $0.summary, $0.settings) }
            case .coding: coding.map { ($0.name, $0.summary, $0.settings) }
            case .clock: clock.map { ($0.name, $0.summary, $0.settings) }
            case .preferences: preferences.map { ($0.name, $0.summary, $0.settings) }
            case .browser: browser.map { ($0.name, $0.summary, $0.settings) }
            case .events: events.map { ($0.name, $0.summary, $0.settings) }
            }
        return rows.map { PluginDescription(port: port, name: $0.0, summary: $0.1, settings: $0.2) }
    }

    /// Every setting an environment file may give: the app's own first, then
    /// each plugin's, port by port; a key read by several is listed once,
    /// with all its readers.
    public func settingDeclarations() -> [SettingDeclaration] {
        var order: [String] = []
        var settings: [String: PluginSetting] = [:]
        var readers: [String: [String]] = [:]
        func declare(_ setting: PluginSetting, readBy reader: String) {
            if settings[setting.key] == nil {
                order.append(setting.key)
                settings[setting.key] = setting
            }
            readers[setting.key, default: []].append(reader)
        }
        for setting in AppEnvironment.appSettings { declare(setting, readBy: Self.appReader) }
        for port in PortName.allCases {
            for plugin in descriptions(for: port) {
                for setting in plugin.settings { declare(setting, readBy: "\(port.rawValue) \(plugin.name)") }
            }
        }
        return order.compactMap { key in
            settings[key].map { SettingDeclaration(setting: $0, readers: readers[key] ?? []) }
        }
    }
}
