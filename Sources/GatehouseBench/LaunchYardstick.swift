import Foundation

/// The programs the app's first screen is read against (`LaunchBench`):
/// the least a Swift program costs to start on this machine, built beside
/// `app` the same way and started the same way, each writing a prompt and
/// waiting for a line.
enum LaunchYardstick: String, CaseIterable, Hashable, Sendable {
    /// `hello-foundation`: Foundation alone.
    case foundation = "hello-foundation"
    /// `hello-networking`: Foundation and URLSession, as `app` links them. On
    /// Apple platforms URLSession is in Foundation and the two cost the
    /// same; on Linux it is FoundationNetworking, and libcurl with the ~30
    /// libraries it needs is loaded and bound before `main` — the part of
    /// the start the app cannot go below while it makes HTTP calls.
    case networking = "hello-networking"

    /// How a row names it.
    var described: String {
        switch self {
        case .foundation: "a Foundation hello-world's"
        case .networking: "a hello-world's linking URLSession, as app does"
        }
    }

    /// Whether the first screen's goal is set against it: the program that
    /// links what the app links, so that the goal is reachable.
    var carriesTheGoal: Bool { self == .networking }

    /// Where it is built: beside `app`.
    func path(beside app: String) -> String {
        URL(fileURLWithPath: app).deletingLastPathComponent().appendingPathComponent(rawValue).path
    }
}
