import AdapterHTTP
import BoundedHTTP
import Composition
import CompositionTesting
import Foundation

/// Any bytes as an environment file (`--env FILE`), through
/// `EnvironmentFile.parse`, then its base URL through `HTTPConfiguration`,
/// the check the http plugin makes before any request leaves.
///
/// Properties of a file that parses:
/// - the refresh margin is shorter than the token lifetime, every duration
///   is above zero, and the connections per host are within 1…64;
/// - every plugin value it keeps is read by a plugin it chose, of the type
///   that plugin declares (`PluginRegistry.settingProblems(in:)` finds none);
/// - a base URL the HTTP configuration accepts with scheme http has a
///   loopback host (`LoopbackHost.contains`, which the configuration and the
///   plugin's API-key rule use), and so has every route resolved against it
///   the way `HTTPTransport` resolves one: no token leaves the machine in clear.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = Data(fuzzInput(start, count))
    // Every plugin this build has, the stand-ins included (a file's default
    // base is the in-memory environment).
    let registry = PluginRegistry.standard
    guard let environment = try? EnvironmentFile.parse(data, path: "fuzz.json", registry: registry) else { return 0 }
    let settings = environment.settings
    fuzzRequire(settings.refreshMargin < settings.tokenLifetime, "a refresh margin not shorter than the lifetime")
    fuzzRequire(
        EnvironmentFile.connectionsPerHostRange.contains(settings.connectionsPerHost),
        "\(settings.connectionsPerHost) connections per host")
    for duration in [
        settings.tokenLifetime, settings.refreshMargin, settings.healthPollInterval, settings.requestTimeout,
    ] {
        fuzzRequire(duration > .zero, "a duration of \(duration)")
    }
    let problems = registry.settingProblems(in: environment)
    fuzzRequire(problems.isEmpty, "kept plugin values no chosen plugin reads as given: \(problems)")
    // Every base URL a chosen plugin reads, as the http plugins check it.
    for key in registry.chosenKeys(withRole: .baseURL, in: environment) {
        guard case .text(let baseURL) = environment.pluginSettings[key] else { continue }
        checkBaseURL(baseURL, timeout: settings.requestTimeout)
    }
    return 0
}

/// An accepted http base URL, and every route resolved against it, stays on loopback.
private func checkBaseURL(_ baseURL: String, timeout: Duration) {
    guard let configuration = try? HTTPConfiguration(baseURL: baseURL, apiKey: nil, timeout: timeout) else { return }
    let scheme = configuration.baseURL.scheme?.lowercased()
    fuzzRequire(scheme == "http" || scheme == "https", "accepted scheme '\(scheme ?? "")' of '\(baseURL)'")
    guard scheme == "http" else { return }
    let host = configuration.baseURL.host(percentEncoded: true) ?? ""
    fuzzRequire(LoopbackHost.contains(host), "accepted http base URL '\(baseURL)' with host '\(host)'")
    // The routes the adapters send (HTTPTransport: URL(string:relativeTo:)).
    for route in ["users/me", "auth", "token", "challenge/list", "challenge/details/1", "health"] {
        guard let url = URL(string: route, relativeTo: configuration.baseURL)?.absoluteURL else { continue }
        let routeHost = url.host(percentEncoded: true) ?? ""
        fuzzRequire(
            url.scheme?.lowercased() != "http" || LoopbackHost.contains(routeHost),
            "route '\(route)' of base URL '\(baseURL)' goes to host '\(routeHost)'")
    }
}
