import Composition

/// `app serve`'s flags (APP.md), parsed and checked.
struct ServeOptions: Sendable, Equatable {
    var host = "127.0.0.1"
    var port: UInt16 = 8080
    var apiKey = "gatehouse-dev-key"
    var tokenTTLSeconds = 60
    var refreshWindowSeconds = 300
    var rotationGraceSeconds = 0
    var virtualClock = false

    /// The server these flags choose.
    var server: StandaloneServer.Options {
        var server = StandaloneServer.Options()
        server.host = host
        server.port = port
        server.apiKey = apiKey
        server.tokenLifetime = .seconds(tokenTTLSeconds)
        server.refreshWindow = .seconds(refreshWindowSeconds)
        server.rotationGrace = .seconds(rotationGraceSeconds)
        server.virtualClock = virtualClock
        return server
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> ServeOptions {
        var options = ServeOptions()
        var remaining = arguments[...]
        func value(_ flag: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw UsageError("option \(flag) needs a value", helpTopic: "serve")
            }
            return value
        }
        func seconds(_ flag: String, allowZero: Bool) throws(UsageError) -> Int {
            let text = try value(flag)
            guard let number = Int(text), number >= (allowZero ? 0 : 1), number <= 86_400 else {
                throw UsageError("option \(flag) takes whole seconds (\(allowZero ? 0 : 1) to 86400), not '\(text)'", helpTopic: "serve")
            }
            return number
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--host": options.host = try value(flag)
            case "--port":
                let text = try value(flag)
                guard let port = UInt16(text) else {
                    throw UsageError("option --port takes a port number (0 to 65535), not '\(text)'", helpTopic: "serve")
                }
                options.port = port
            case "--api-key": options.apiKey = try value(flag)
            case "--token-ttl": options.tokenTTLSeconds = try seconds(flag, allowZero: false)
            case "--refresh-window": options.refreshWindowSeconds = try seconds(flag, allowZero: false)
            case "--rotation-grace": options.rotationGraceSeconds = try seconds(flag, allowZero: true)
            case "--virtual-clock": options.virtualClock = true
            default: throw UsageError("unknown option '\(flag)' for serve", helpTopic: "serve")
            }
        }
        guard !options.apiKey.isEmpty else { throw UsageError("option --api-key needs a non-empty key", helpTopic: "serve") }
        return options
    }
}
