// swift-tools-version: 6.0
// Gatehouse: the start-up, sign-in and session layer of a mobile app, as a
// hexagonal Swift package with no package dependencies (the design card's rule).
import PackageDescription

/// One settings list applied to every target (as swift-nio does): Swift 6
/// language mode with complete strict concurrency is the default of tools 6.0;
/// these add the upcoming features we rely on.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Gatehouse",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Ports", targets: ["Ports"]),
        .library(name: "DomainCore", targets: ["DomainCore"]),
        .library(name: "AdapterInMemory", targets: ["AdapterInMemory"]),
        .library(name: "AdapterHTTP", targets: ["AdapterHTTP"]),
        .library(name: "AdapterFileKeychain", targets: ["AdapterFileKeychain"]),
        .library(name: "Composition", targets: ["Composition"]),
        .executable(name: "app", targets: ["app"]),
    ],
    targets: [
        // The hexagon's edge: port protocols and the values they speak. Foundation only.
        .target(name: "Ports", swiftSettings: strictSettings),
        // The domain: AuthSession, the token manager, validation, view models.
        .target(name: "DomainCore", dependencies: ["Ports"], swiftSettings: strictSettings),
        // The simulated backend and in-memory adapters of every port, with virtual time.
        .target(name: "AdapterInMemory", dependencies: ["Ports"], swiftSettings: strictSettings),

        // The session in a private file that keeps a keychain's promises, and the codings.
        .target(name: "AdapterFileKeychain", dependencies: ["Ports"], swiftSettings: strictSettings),
        // A child process for the file store's crash-safety tests (saves until killed).
        .executableTarget(
            name: "session-store-stress", dependencies: ["AdapterFileKeychain", "Ports"], swiftSettings: strictSettings),
        // The adapters that reach a real backend (URLSession) and the real machine (connectivity).
        .target(name: "AdapterHTTP", dependencies: ["Ports"], swiftSettings: strictSettings),
        // The loopback stand-in for the real backend: InMemoryBackend over the wire contract.
        .target(name: "ReferenceServer", dependencies: ["Ports", "AdapterInMemory"], swiftSettings: strictSettings),
        // The composition root: environments, the plugin registry, the dependency containers.
        .target(
            name: "Composition",
            dependencies: ["Ports", "DomainCore", "AdapterInMemory", "AdapterHTTP", "AdapterFileKeychain"],
            swiftSettings: strictSettings
        ),
        // The headless app: screens rendered as text, scripts, the demo.
        .executableTarget(
            name: "app", dependencies: ["Composition", "DomainCore", "ReferenceServer", "AdapterInMemory", "Ports"],
            swiftSettings: strictSettings),

        // One contract suite per port, run against every adapter of that port.
        .testTarget(
            name: "ContractTests",
            dependencies: ["Ports", "AdapterInMemory", "AdapterHTTP", "AdapterFileKeychain", "ReferenceServer"],
            swiftSettings: strictSettings
        ),
        // The file store under crashes, rival processes, loose permissions.
        .testTarget(
            name: "FileKeychainTests",
            dependencies: ["AdapterFileKeychain", "Ports", "session-store-stress"],
            swiftSettings: strictSettings
        ),
        // The URLSession adapters against loopback stubs: wire fixtures, errors, redirects.
        .testTarget(name: "AdapterHTTPTests", dependencies: ["AdapterHTTP", "Ports"], swiftSettings: strictSettings),
        // The reference server over raw sockets: routes, limits, bad input, 1,000 clients.
        .testTarget(
            name: "ReferenceServerTests", dependencies: ["ReferenceServer", "AdapterInMemory", "Ports"],
            swiftSettings: strictSettings),
        // Environments, the plugin registry, the world a launch runs on, the containers.
        .testTarget(
            name: "CompositionTests",
            dependencies: ["Composition", "DomainCore", "Ports", "AdapterInMemory", "AdapterHTTP", "ReferenceServer"],
            swiftSettings: strictSettings
        ),
        // The domain's rules: decision table, token manager, validation, view models.
        .testTarget(
            name: "DomainTests",
            dependencies: ["Ports", "DomainCore", "AdapterInMemory"],
            swiftSettings: strictSettings
        ),
        // The command line: argument parsing, envs, the demo, interactive and piped modes, the texts.
        .testTarget(name: "AppTests", dependencies: ["app", "Composition"], swiftSettings: strictSettings),
        // The headless app's scripts: every Tests/Acceptance/*.flow, the runner, the parser, the secret check.
        .testTarget(
            name: "AcceptanceTests",
            dependencies: ["app", "Composition", "Ports", "ReferenceServer", "AdapterInMemory"],
            path: "Tests/AcceptanceTests",
            swiftSettings: strictSettings
        ),
        // The dependency rule, read from Package.swift and every import under Sources/ (no dependencies: it reads files).
        .testTarget(name: "ArchitectureTests", swiftSettings: strictSettings),
    ]
)
