public import Ports
public import Testing

/// A `ConnectivityProbe` handed to `ConnectivityProbeContract`, with the
/// switch that takes its network away when the adapter has one (a probe of
/// the machine's own interfaces has none: it reports what is there).
public struct ConnectivityProbeUnderTest: Sendable {
    /// The adapter under test.
    public let probe: any ConnectivityProbe
    /// Takes the probe's network away (false) and gives it back (true); nil
    /// for a probe of the real machine.
    public let setConnected: (@Sendable (Bool) -> Void)?

    /// Makes a probe under test of `probe`, with its network switch if it has one.
    public init(probe: any ConnectivityProbe, setConnected: (@Sendable (Bool) -> Void)? = nil) {
        self.probe = probe
        self.setConnected = setConnected
    }
}

/// The `ConnectivityProbe` port's contract (its doc comment), one promise
/// per case of `Promise`, checked on probes a test target makes. A promise
/// that needs the network switch, checked on a probe without one, fails
/// naming the switch: it never passes unchecked.
public enum ConnectivityProbeContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Asked twice with nothing changed, the probe answers the same.
        case answersTheSameWhenNothingChanged
        /// The network taken away reads as not connected, and given back as connected.
        case followsTheNetworkGoingAndComingBack

        /// Whether the check needs `ConnectivityProbeUnderTest.setConnected`.
        public var needsTheNetworkSwitch: Bool { self == .followsTheNetworkGoingAndComingBack }

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .answersTheSameWhenNothingChanged: "asked twice with nothing changed, the probe answers the same"
            case .followsTheNetworkGoingAndComingBack:
                "the network taken away reads as not connected, and given back as connected"
            }
        }
    }

    /// Checks `promise` on a probe from `makeProbe`. A broken promise is
    /// recorded as a test issue.
    public static func check(
        _ promise: Promise, on makeProbe: @Sendable () async throws -> ConnectivityProbeUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeProbe()
        switch promise {
        case .answersTheSameWhenNothingChanged:
            let first = await sut.probe.isConnected()
            #expect(await sut.probe.isConnected() == first, sourceLocation: sourceLocation)
        case .followsTheNetworkGoingAndComingBack:
            guard let setConnected = sut.setConnected else {
                Issue.record(
                    "\(promise.rawValue) needs the probe's network switch (setConnected), which this probe does not give",
                    sourceLocation: sourceLocation)
                return
            }
            setConnected(false)
            #expect(await sut.probe.isConnected() == false, "the network taken away", sourceLocation: sourceLocation)
            setConnected(true)
            #expect(await sut.probe.isConnected() == true, "the network given back", sourceLocation: sourceLocation)
        }
    }
}
