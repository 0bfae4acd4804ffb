/// Which system modules (anything that is not a target of this package) a module may import.
enum SystemModuleAllowance: Equatable, Sendable {
    case any
    case only([String])

    func allows(_ module: String) -> Bool {
        switch self {
        case .any: true
        case .only(let modules): modules.contains(module)
        }
    }
}

/// One row of the dependency rule: what a module may import, and why.
struct ModuleRule: Sendable {
    let module: String
    /// The targets of this package it may import (and declare as dependencies).
    let projectModules: [String]
    let projectReason: String
    let systemModules: SystemModuleAllowance
    let systemReason: String
}

/// The dependency rule of the hexagon, written once, as data. Every folder
/// under Sources/ must have a row; a row without a folder is fine (a module
/// may be planned before it is written).
struct DependencyTable: Sendable {
    let rules: [ModuleRule]

    func rule(for module: String) -> ModuleRule? {
        rules.first { $0.module == module }
    }

    var modules: [String] { rules.map(\.module) }
}

extension DependencyTable {
    private static let adapters = [
        "AdapterInMemory", "AdapterHTTP", "AdapterFileKeychain", "AdapterSystem", "AdapterDerived",
        "AdapterSoftwareCrypto", "AdapterFilePreferences",
    ]

    /// The adapters that use what adapters share (`AdapterSupport`): files,
    /// internet dates, the PIN vaults' work queue.
    static let supportAdapters: Set<String> = [
        "AdapterInMemory", "AdapterHTTP", "AdapterFileKeychain", "AdapterFilePreferences",
    ]

    /// The adapters that speak the wire contract, and so read its route table
    /// (`WireContract`) rather than write a route themselves: the HTTP
    /// adapters send its routes (the simulated backend, which counts and
    /// faults by them, has a row of its own).
    static let wireContractAdapters: Set<String> = ["AdapterHTTP"]

    /// The adapters that send through the HTTP transport (`BoundedHTTP`),
    /// which is no adapter: the bounds, the deadline and the redirect rules
    /// live there once.
    static let transportAdapters: Set<String> = ["AdapterHTTP"]

    static let gatehouse = DependencyTable(
        rules: [
            ModuleRule(
                module: "Ports",
                projectModules: [],
                projectReason: "the ports are the hexagon's edge: every module depends on them and they depend on none",
                systemModules: .only(["Foundation", "Synchronization"]),
                systemReason: "a port speaks in plain values; it never reaches the network (no FoundationNetworking)"
            ),
            ModuleRule(
                module: "WireContract",
                projectModules: [],
                projectReason:
                    "the route table is plain values that the adapters and the server read: it knows no port, "
                    + "and nothing of ours",
                systemModules: .only(["Foundation"]),
                systemReason: "the table builds and reads paths; it never reaches the network (no FoundationNetworking)"
            ),
            ModuleRule(
                module: "OperatingSystem",
                projectModules: [],
                projectReason:
                    "the one seam to the operating system: the platform's C library is chosen here and what "
                    + "differs between platforms answered once, so it needs nothing of ours and anything may import it",
                systemModules: .only(["Glibc", "Musl", "Darwin", "Foundation"]),
                systemReason:
                    "the only module that names a platform's C library; Foundation for the home and Application "
                    + "Support directories and the environment handed to a child"
            ),
            ModuleRule(
                module: "AdapterSupport",
                projectModules: ["OperatingSystem"],
                projectReason:
                    "code that is not a port and not an adapter but that several adapters need (POSIX file "
                    + "handling, the contract's internet dates, the PIN vaults' off-pool work queue, the "
                    + "in-process stores' writers' turns), written once: it knows no port and nothing of ours "
                    + "but the operating-system seam, so an adapter may import it",
                systemModules: .only(["Foundation", "Dispatch", "Synchronization"]),
                systemReason:
                    "plain system calls, values and locks; it never reaches the network (no FoundationNetworking)"
            ),
            ModuleRule(
                module: "BoundedHTTP",
                projectModules: ["Ports", "OperatingSystem"],
                projectReason:
                    "the HTTP transport (an answer bounded in size, a deadline, no credential redirected to "
                    + "another host, every failure a RemoteError) is no adapter of a port: Gatehouse's HTTP "
                    + "adapters and a team's send through it; it knows the ports' values and the "
                    + "operating-system seam (a host read as loopback) only",
                systemModules: .any,
                systemReason: ""
            ),
            ModuleRule(
                module: "TaskRuntime",
                projectModules: ["Ports"],
                projectReason:
                    "the runtime every environment runs on (the scheduler that counts its tasks, the count of "
                    + "running work and its handoffs, what a virtual clock must do) implements the "
                    + "TaskScheduler and ActivityCounter ports for the app, the server and tests alike; it "
                    + "is no adapter of one technology, so it lives apart from the in-memory adapters and knows "
                    + "no adapter",
                systemModules: .only(["Foundation", "Dispatch", "Synchronization"]),
                systemReason: "tasks, locks and the main queue; it never reaches the network or the file system"
            ),
            ModuleRule(
                module: "VirtualTime",
                projectModules: ["Ports", "TaskRuntime"],
                projectReason:
                    "virtual time (the clock that moves only when told, and the executor a virtual-time world "
                    + "runs on) implements the Clock port and the runtime's VirtualClock, telling the runtime's "
                    + "count of work of its sleepers; it is a testing product, so no shipping module names it",
                systemModules: .only(["Foundation", "Dispatch", "Synchronization"]),
                systemReason: "a lock, the time and the main queue; it never reaches the network or the file system"
            ),
            ModuleRule(
                module: "DomainCore",
                projectModules: ["Ports"],
                projectReason: "the domain never names an adapter; it reaches the world only through the ports",
                systemModules: .only(["Foundation", "Observation", "Synchronization"]),
                systemReason:
                    "the domain never touches the network or the operating system itself "
                    + "(no FoundationNetworking, Glibc or Darwin); the adapters do that behind a port"
            ),
        ]
            + adapters.map { adapter in
                let speaksTheWire = wireContractAdapters.contains(adapter)
                let usesSupport = supportAdapters.contains(adapter)
                let usesTransport = transportAdapters.contains(adapter)
                return ModuleRule(
                    module: adapter,
                    projectModules: ["Ports", "OperatingSystem"] + (usesSupport ? ["AdapterSupport"] : [])
                        + (speaksTheWire ? ["WireContract"] : []) + (usesTransport ? ["BoundedHTTP"] : []),
                    projectReason:
                        "an adapter implements ports and knows neither the domain nor another adapter; "
                        + "Composition puts them together; it reaches the operating system through its seam"
                        + (usesSupport ? "; what it shares with other adapters it takes from AdapterSupport" : "")
                        + (speaksTheWire ? "; it speaks the wire contract, so it reads the route table" : "")
                        + (usesTransport ? "; it sends through the HTTP transport (BoundedHTTP)" : ""),
                    systemModules: .any,
                    systemReason: ""
                )
            }
            + [
                ModuleRule(
                    module: "SimulatedBackend",
                    projectModules: ["Ports", "AdapterSupport", "WireContract"],
                    projectReason:
                        "the simulated backend and the in-memory adapters of the remote ports that call it are "
                        + "adapters like any other (Ports, what adapters share), and count and fault by the wire "
                        + "contract's routes (WireContract); it is a testing product, so no shipping module names it",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "ReferenceServer",
                    projectModules: [
                        "Ports", "SimulatedBackend", "AdapterSupport", "TaskRuntime", "VirtualTime", "WireContract",
                        "OperatingSystem", "StandInServers",
                    ],
                    projectReason:
                        "the reference server serves the simulated backend over the wire contract (its route "
                        + "table), writing the contract's dates as the adapters read them (AdapterSupport), "
                        + "parks a request on the virtual time it shares with an app in its process (TaskRuntime's count, "
                        + "VirtualTime's clock), and redirects to another origin as every stand-in does (StandInServers)",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "ExampleAdapters",
                    projectModules: ["Ports", "AdapterSupport", "OperatingSystem", "BoundedHTTP"],
                    projectReason:
                        "the adapter guide's example is an adapter like any other: Ports, what adapters "
                        + "share (AdapterSupport: its writers' turns), the HTTP transport (BoundedHTTP), and no "
                        + "other module names it but its tests",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "PortContracts",
                    projectModules: ["Ports", "OperatingSystem"],
                    projectReason:
                        "each port's contract suite, as checks a test target runs on the adapter it hands in: it "
                        + "speaks only the ports, so it knows no adapter, and a team's package can run it on its own",
                    systemModules: .only(["Foundation", "Testing", "Dispatch", "Synchronization"]),
                    systemReason:
                        "the checks record their findings with the test framework; they reach the network only "
                        + "through the adapter under test. The clock's checks need a lock and a serial executor "
                        + "(Synchronization, Dispatch); the notice source's read file metadata (lstat, through the "
                        + "operating-system seam) to "
                        + "show that taking notices touched nothing, and set the times of the test's own directory"
                ),
                ModuleRule(
                    module: "StandInKit",
                    projectModules: ["Ports", "PortContracts", "SimulatedBackend", "VirtualTime"],
                    projectReason:
                        "the kit a team makes a stand-in of its dialect with: the seeded people and the auth "
                        + "contract's switches (PortContracts' AuthBackendControl) over the simulated backend and "
                        + "its virtual clock; a testing product, so no shipping module names it",
                    systemModules: .only(["Foundation", "Synchronization"]),
                    systemReason: "the seed's values and a counter's lock"
                ),
                ModuleRule(
                    module: "StandInServers",
                    projectModules: ["OperatingSystem", "AdapterSupport", "Ports", "SimulatedBackend"],
                    projectReason:
                        "the stand-in kit's servers: a loopback server (a listening socket from AdapterSupport, "
                        + "its calls through the operating-system seam) and Gatehouse's own dialect stand-ins "
                        + "on it, over the simulated backend; apart from StandInKit so that the app, "
                        + "which serves them, links no test framework (PortContracts); part of the StandInKit "
                        + "testing product, so no shipping module names it",
                    systemModules: .only(["Foundation", "Dispatch", "Synchronization"]),
                    systemReason:
                        "the server's thread, the executor that runs a request's work on it, and a lock; it "
                        + "listens on 127.0.0.1 only"
                ),
                ModuleRule(
                    module: "OAuth2ServerAccess",
                    projectModules: ["OperatingSystem"],
                    projectReason:
                        "test support that two test targets share (who may use the OAuth 2.0 test server at a "
                        + "time): it needs no module of ours but the operating-system seam, and only test targets name it",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "OffThePool",
                    projectModules: [],
                    projectReason:
                        "test support that three test targets share (blocking work on a thread of its own, "
                        + "never the cooperative pool's): it needs no module of ours, and only test targets name it",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "SeededNumbers",
                    projectModules: [],
                    projectReason:
                        "test support that six test targets share (a seeded generator): it needs no module of ours, "
                        + "and only test targets name it",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "SanitizerAwareness",
                    projectModules: ["OperatingSystem"],
                    projectReason:
                        "test support that three test targets share (which sanitizer the tests run under, read "
                        + "from the loaded runtime through the operating-system seam): only test targets name it",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "session-store-stress",
                    projectModules: ["Ports", "AdapterFileKeychain", "OperatingSystem"],
                    projectReason: "the crash-test helper drives the file store and nothing else",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "hello-foundation",
                    projectModules: [],
                    projectReason: "the launch scenario's yardstick: Foundation alone, as any Swift program starts",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "hello-networking",
                    projectModules: [],
                    projectReason:
                        "the launch scenario's second yardstick: Foundation and URLSession alone, as any Swift program that makes HTTP calls starts",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "http-answer-probe",
                    projectModules: ["Ports", "AdapterHTTP", "BoundedHTTP", "OperatingSystem"],
                    projectReason: "the bounds tests' child process makes one call through an HTTP adapter",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "Composition",
                    projectModules: ["Ports", "DomainCore"] + adapters + [
                        "WireContract", "AdapterSupport", "TaskRuntime", "OperatingSystem", "BoundedHTTP",
                    ],
                    projectReason:
                        "the composition root an app ships wires the core and the adapters together but never the "
                        + "app, a server or a test helper: the stand-ins and switches are CompositionTesting's",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "CompositionTesting",
                    projectModules: [
                        "Composition", "Ports", "SimulatedBackend", "AdapterInMemory", "AdapterHTTP", "BoundedHTTP",
                        "AdapterSystem", "ReferenceServer", "StandInServers", "TaskRuntime", "VirtualTime",
                    ],
                    projectReason:
                        "the composition the tests, the acceptance runs and the bench add to an app's: the "
                        + "simulated backend's plugins and controls (SimulatedBackend, AdapterInMemory's pretend "
                        + "network and browser), a reference server's control "
                        + "API (AdapterHTTP), the reference server as the app starts it (ReferenceServer, on the "
                        + "machine's clock from AdapterSystem or on virtual time from VirtualTime), the dialect "
                        + "stand-ins `app serve --profile` serves (StandInServers), and the virtual clock "
                        + "plugin (VirtualTime)",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "GatehouseBench",
                    projectModules: [
                        "Composition", "CompositionTesting", "DomainCore", "Ports", "SimulatedBackend",
                        "AdapterInMemory",
                        "AdapterHTTP", "BoundedHTTP", "ReferenceServer", "TaskRuntime", "VirtualTime", "WireContract",
                        "OperatingSystem",
                        "PortContracts", "AdapterFileKeychain",
                    ],
                    projectReason:
                        "the benchmarks measure the graph Composition builds, in its worlds, against contenders "
                        + "written over the adapters and the server for the comparison, time a verifier on the "
                        + "published signature examples (PortContracts), and time the file keychain's read "
                        + "beside a plain read (AdapterFileKeychain); no one but the bench's "
                        + "program (gatehouse-bench) names them",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "GatehouseApp",
                    projectModules: ["Composition", "CompositionTesting", "DomainCore", "Ports", "OperatingSystem"],
                    projectReason:
                        "the headless app gets its adapters from Composition (from the registry it is handed), and "
                        + "the stand-ins, switches and servers its scripts and `serve` need from CompositionTesting; "
                        + "besides, it names only the "
                        + "domain's view models and the names their states carry (the reasons and the health, kept "
                        + "in Ports, where session events name them too); it links no bench (gatehouse-bench is a "
                        + "program of its own)",
                    systemModules: .any,
                    systemReason: ""
                ),
                ModuleRule(
                    module: "app",
                    projectModules: ["GatehouseApp"],
                    projectReason:
                        "`app` is the headless app's library with the standard registry, as a team's own app is "
                        + "with its plugins added: it names nothing else",
                    systemModules: .only(["Foundation"]),
                    systemReason: "it exits with the library's code"
                ),
                ModuleRule(
                    module: "gatehouse-bench",
                    projectModules: ["GatehouseBench"],
                    projectReason:
                        "the bench's program parses its flags and prints the report GatehouseBench measures; it "
                        + "starts the app as a process, never links it",
                    systemModules: .any,
                    systemReason: ""
                ),
            ]
    )
}
