import Composition
import Foundation
import CompositionTesting

/// `app serve`'s flags (docs/reference-server.md, "Starting it"), parsed and checked.
struct ServeOptions: Sendable, Equatable {
    /// Where the server's API key comes from. Never the command line: every
    /// user of the machine can read a process's arguments (`ps`).
    enum APIKeySource: Sendable, Equatable {
        /// `GATEHOUSE_API_KEY` when it is set and not empty (the variable the
        /// `local` environment's client reads), else the development key.
        case standard
        /// The environment variable of this name (`--api-key-env NAME`).
        case environment(String)
        /// The first line of the file at this path (`--api-key-file PATH`).
        case file(String)
    }

    static let standardKeyVariable = "GATEHOUSE_API_KEY"
    static let developmentKey = "gatehouse-dev-key"

    var host = "127.0.0.1"
    /// `--port`; when not given, the reference server's 8080, or a dialect's stand-in's own port.
    var port: UInt16?
    var apiKeySource = APIKeySource.standard
    var tokenTTLSeconds = 60
    var refreshWindowSeconds = 300
    var rotationGraceSeconds = 0
    /// `--reuse-detection`: a refresh token presented again ends its session everywhere.
    var reuseDetection = false
    var virtualClock = false
    var profile = ReferenceServerProfile.full
    /// `--profile firebase|supabase`: a real backend's dialect, Gatehouse's
    /// stand-in of it, instead of the reference server's routes.
    var dialect: DialectStandInServer.Dialect?
    /// `--profile NAME` naming a stand-in registered beside a team's plugin
    /// (`StandInPlugin`): it, and the reference server beside it.
    var registeredStandIn: String?
    /// `--reference-port`: with `--profile firebase` or a registered stand-in, the port of the reference server beside it.
    var referencePort: UInt16 = 8080

    /// The flags of the reference server alone, which a dialect's stand-in does not take.
    static let referenceServerFlags = ["--host", "--rotation-grace", "--reuse-detection", "--virtual-clock"]

    /// The server these flags choose, with the key `resolvedAPIKey` found.
    func server(apiKey: String) -> StandaloneServer.Options {
        var server = StandaloneServer.Options()
        server.host = host
        server.port = port ?? 8080
        server.apiKey = apiKey
        server.tokenLifetime = .seconds(tokenTTLSeconds)
        server.refreshWindow = .seconds(refreshWindowSeconds)
        server.rotationGrace = .seconds(rotationGraceSeconds)
        server.reuseDetection = reuseDetection
        server.virtualClock = virtualClock
        server.profile = profile
        return server
    }

    /// What `app serve --profile firebase|supabase` serves: the dialect's
    /// stand-in on `--port` (else its own port), with `apiKey`; and, where
    /// the dialect is an auth server only, the reference server beside it
    /// on `--reference-port` (else 8080) with `referenceKey`.
    func standIn(
        _ dialect: DialectStandInServer.Dialect, apiKey: String, referenceKey: String
    ) -> DialectStandInServer.Options {
        var standIn = DialectStandInServer.Options(
            dialect: dialect, standInKey: apiKey, standInPort: port ?? dialect.standInPort)
        standIn.referenceKey = referenceKey
        standIn.referencePort = referencePort
        standIn.tokenLifetime = .seconds(tokenTTLSeconds)
        standIn.refreshWindow = .seconds(refreshWindowSeconds)
        return standIn
    }

    /// What `serve --profile NAME` serves for a registered stand-in: it on
    /// `--port` (else its own), and the reference server beside it on
    /// `--reference-port` (else 8080) with `referenceKey`.
    func registeredStandIn(referenceKey: String) -> StandInPluginServer.Options {
        var served = StandInPluginServer.Options()
        served.port = port
        served.referencePort = referencePort
        served.referenceKey = referenceKey
        served.tokenLifetime = .seconds(tokenTTLSeconds)
        served.refreshWindow = .seconds(refreshWindowSeconds)
        return served
    }

    /// Where the key came from, for the start-up banner (never the key).
    var apiKeyOrigin: String {
        switch apiKeySource {
        case .standard where dialect != nil: "the environment variable \(dialect?.keyVariable ?? "")"
        case .standard: "\(Self.standardKeyVariable) if set, else the development key"
        case .environment(let name): "the environment variable \(name)"
        case .file(let path): "the file \(path)"
        }
    }

    /// The key `apiKeySource` names, read from `environment` or through
    /// `readFile`. A problem is a usage error that names the variable or the
    /// file, never what it holds.
    func resolvedAPIKey(
        environment: [String: String], readFile: (String) throws -> String
    ) throws(UsageError) -> String {
        switch apiKeySource {
        case .standard:
            if let dialect {
                guard let key = environment[dialect.keyVariable], !key.isEmpty else {
                    throw UsageError(
                        "the environment variable \(dialect.keyVariable) is not set or is empty: the \(dialect) "
                            + "stand-in takes no development key, as the \(dialect) plugins send none. Set it (any "
                            + "text will do on this machine) and give the app the same, or name another variable "
                            + "(--api-key-env NAME) or a file (--api-key-file PATH)",
                        helpTopic: "serve")
                }
                return key
            }
            guard let key = environment[Self.standardKeyVariable], !key.isEmpty else { return Self.developmentKey }
            return key
        case .environment(let name):
            guard let key = environment[name], !key.isEmpty else {
                throw UsageError(
                    "the environment variable \(name) (option --api-key-env) is not set or is empty", helpTopic: "serve"
                )
            }
            return key
        case .file(let path):
            let text: String
            do {
                text = try readFile(path)
            } catch {
                throw UsageError("cannot read the API key file \(path) (option --api-key-file)", helpTopic: "serve")
            }
            // The key is the file's first line: an editor's final newline is not part of it.
            let key =
                text.split(whereSeparator: \.isNewline).first.map(String.init)?
                .trimmingCharacters(in: .whitespaces) ?? ""
            guard !key.isEmpty else {
                throw UsageError("the API key file \(path) (option --api-key-file) is empty", helpTopic: "serve")
            }
            return key
        }
    }

    /// The reference server's profile `name` names; a dialect's is a usage
    /// error saying that only `serve` serves it, and an unknown name one
    /// listing the profiles.
    static func profile(
        named name: String, helpTopic: String = "serve", registered: [String] = []
    ) throws(UsageError) -> ReferenceServerProfile {
        if let dialect = DialectStandInServer.Dialect(rawValue: name) {
            throw UsageError(
                "option --profile \(dialect) belongs to 'serve' (a stand-in of that backend); a script's "
                    + "in-process server plays the reference server: \(referenceProfileNames)",
                helpTopic: helpTopic)
        }
        do {
            return try ReferenceServerProfile(named: name)
        } catch {
            // Only `serve` serves a dialect's stand-in: a script's server lists its own.
            let dialects =
                helpTopic == "serve" ? DialectStandInServer.Dialect.allCases.map(\.rawValue) + registered : []
            throw UsageError(
                "option --profile: unknown profile '\(TerminalText.escapingControlsOnOneLine(name))': the profiles are "
                    + (referenceProfileNames + dialects).joined(separator: ", "),
                helpTopic: helpTopic)
        }
    }

    private static var referenceProfileNames: [String] { ReferenceServerProfile.allCases.map(\.rawValue) }

    static func parse(_ arguments: [String], standInProfiles: [String] = []) throws(UsageError) -> ServeOptions {
        var options = ServeOptions()
        var keySourceFlag: String?
        var given: Set<String> = []
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
                throw UsageError(
                    "option \(flag) takes whole seconds (\(allowZero ? 0 : 1) to 86400), not '\(text)'",
                    helpTopic: "serve")
            }
            return number
        }
        func port(_ flag: String) throws(UsageError) -> UInt16 {
            let text = try value(flag)
            guard let port = UInt16(text) else {
                throw UsageError("option \(flag) takes a port number (0 to 65535), not '\(text)'", helpTopic: "serve")
            }
            return port
        }
        func keySource(_ flag: String, _ source: APIKeySource) throws(UsageError) {
            if let earlier = keySourceFlag {
                throw UsageError("options \(earlier) and \(flag) both name the API key: give one", helpTopic: "serve")
            }
            keySourceFlag = flag
            options.apiKeySource = source
        }
        while let flag = remaining.popFirst() {
            switch flag {
            case "--host": options.host = try value(flag)
            case "--port": options.port = try port(flag)
            case "--reference-port": options.referencePort = try port(flag)
            // The refusal never repeats what followed the flag: it may be a key.
            case _ where flag == "--api-key" || flag.hasPrefix("--api-key="):
                throw UsageError(
                    "option --api-key is no longer taken: every user can read a command line (ps). "
                        + "Put the key in an environment variable (--api-key-env NAME; \(standardKeyVariable) is read by default) "
                        + "or in a file (--api-key-file PATH)",
                    helpTopic: "serve")
            case "--api-key-env":
                let name = try value(flag)
                guard !name.isEmpty, !name.contains("=") else {
                    throw UsageError(
                        "option --api-key-env takes the name of an environment variable", helpTopic: "serve")
                }
                try keySource(flag, .environment(name))
            case "--api-key-file":
                let path = try value(flag)
                guard !path.isEmpty else {
                    throw UsageError("option --api-key-file takes a file path", helpTopic: "serve")
                }
                try keySource(flag, .file(path))
            case "--token-ttl": options.tokenTTLSeconds = try seconds(flag, allowZero: false)
            case "--refresh-window": options.refreshWindowSeconds = try seconds(flag, allowZero: false)
            case "--rotation-grace": options.rotationGraceSeconds = try seconds(flag, allowZero: true)
            case "--reuse-detection": options.reuseDetection = true
            case "--virtual-clock": options.virtualClock = true
            case "--profile":
                let name = try value(flag)
                if standInProfiles.contains(name) {
                    options.registeredStandIn = name
                } else if let dialect = DialectStandInServer.Dialect(rawValue: name) {
                    options.dialect = dialect
                } else {
                    options.profile = try Self.profile(named: name, registered: standInProfiles)
                }
            default: throw UsageError("unknown option '\(flag)' for serve", helpTopic: "serve")
            }
            given.insert(flag)
        }
        if given.contains("--reference-port"), options.dialect != .firebase, options.registeredStandIn == nil {
            throw UsageError(
                "option --reference-port belongs to --profile firebase (the reference server beside its stand-in)",
                helpTopic: "serve")
        }
        if let name = options.registeredStandIn,
            let flag = (referenceServerFlags + ["--api-key-env", "--api-key-file"]).first(where: given.contains)
        {
            throw UsageError(
                "option \(flag) belongs to the reference server's profiles "
                    + "(\(referenceProfileNames.joined(separator: ", "))), not to --profile \(name): its reference "
                    + "server takes \(standardKeyVariable) if set, else the development key",
                helpTopic: "serve")
        }
        if let dialect = options.dialect, let flag = referenceServerFlags.first(where: given.contains) {
            throw UsageError(
                "option \(flag) belongs to the reference server's profiles "
                    + "(\(referenceProfileNames.joined(separator: ", "))), not to --profile \(dialect)",
                helpTopic: "serve")
        }
        return options
    }
}
