public import Ports

extension PluginRegistry {
    /// The ports whose adapters are handed the session's tokens: what tells
    /// one backend from another.
    static let portsSendingTokens: [PortName] = [.auth, .user, .statement]

    /// The backend `environment`'s remote adapters reach, as its sessions
    /// name it (`SessionBackend`): for each port that sends the session's
    /// tokens, the plugin chosen and every setting of it the environment
    /// gives or defaults — base URLs without a user or password, an OAuth
    /// 2.0 client and issuer, routes, an API key by the name of the variable
    /// it comes from (Google's Identity Toolkit tells its projects apart by the key alone) —
    /// but no secret, and not the folder the store keeps files in. Two
    /// environments that differ in any of these are two backends: each keeps
    /// its own session, and neither is sent the other's tokens.
    public func sessionBackend(of environment: AppEnvironment) -> SessionBackend {
        let parts = Self.portsSendingTokens.map { port in
            let plugin = environment.plugins[port]
            let settings = declaredSettings(of: plugin, for: port)
                .filter { $0.role != .directory }
                .sorted { $0.key < $1.key }
                .compactMap { setting -> String? in
                    guard let value = environment.pluginSettings[setting.key] ?? setting.defaultSetting else {
                        return nil
                    }
                    return setting.key + "=" + setting.shown(value)
                }
            return ([port.rawValue + "=" + plugin] + settings).joined(separator: " ")
        }
        return SessionBackend.naming(parts.joined(separator: "; "))
    }
}
