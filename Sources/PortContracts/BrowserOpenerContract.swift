import Foundation
public import Ports
public import Testing

/// A `BrowserOpener` handed to `BrowserOpenerContract`, with what its
/// launcher was handed.
public struct BrowserOpenerUnderTest: Sendable {
    /// The adapter under test.
    public let opener: any BrowserOpener
    /// What the launcher was handed — its argument count, then each
    /// argument — or nil when nothing was started.
    public let launched: @Sendable () -> [String]?

    /// Makes an opener under test of `opener`, with what its launcher was handed.
    public init(opener: any BrowserOpener, launched: @escaping @Sendable () -> [String]?) {
        self.opener = opener
        self.launched = launched
    }
}

/// The `BrowserOpener` port's contract (its doc comment), one promise per
/// case of `Promise`, checked on openers a test target makes — each with a
/// launcher that only writes down what it was handed (a stand-in
/// `xdg-open`, a fake of the system's API), so no browser starts.
public enum BrowserOpenerContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// An https URL, or http to a loopback host, is opened and handed over as one argument, as it is.
        case openableURLIsHandedOverWhole
        /// Another scheme, plain http off the machine, a control character or no host: not opened, nothing started.
        case otherURLsAreRefused
        /// A launcher that fails is `.notOpened`, with a reason that does not repeat the URL.
        case failingLauncherIsSaid

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .openableURLIsHandedOverWhole:
                "an https URL, or http to a loopback host, is opened and handed over as one argument, as it is"
            case .otherURLsAreRefused:
                "another scheme, plain http off the machine, a control character or no host: not opened, nothing started"
            case .failingLauncherIsSaid:
                "a launcher that fails is .notOpened, with a reason that does not repeat the URL"
            }
        }
    }

    /// An authorization URL with characters a shell would act on.
    static let authorizationAddress =
        "https://auth.invalid/o/authorize/?response_type=code&state=a$(touch%20x)b;c'd&redirect_uri=http://127.0.0.1:1/cb"

    /// Checks `promise` on openers from `makeOpener`, which makes one whose
    /// launcher fails when asked. A broken promise is recorded as a test issue.
    public static func check(
        _ promise: Promise, on makeOpener: @Sendable (_ launcherFails: Bool) async throws -> BrowserOpenerUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        switch promise {
        case .openableURLIsHandedOverWhole:
            for address in [authorizationAddress, "http://127.0.0.1:8099/o/authorize/?x=1"] {
                let url = try #require(URL(string: address), sourceLocation: sourceLocation)
                let sut = try await makeOpener(false)
                #expect(await sut.opener.open(url) == .opened, "\(address)", sourceLocation: sourceLocation)
                #expect(sut.launched() == ["1", url.absoluteString], sourceLocation: sourceLocation)
            }
        case .otherURLsAreRefused:
            let refused =
                [
                    "javascript:alert(1)", "file:///etc/passwd", "http://auth.invalid/authorize", "ftp://127.0.0.1/x",
                    "https:///nohost",
                ].compactMap(URL.init(string:)) + [URL(fileURLWithPath: "/tmp")]
            #expect(refused.count == 6, sourceLocation: sourceLocation)
            for url in refused {
                let sut = try await makeOpener(false)
                #expect(await sut.opener.open(url) != .opened, "\(url.absoluteString)", sourceLocation: sourceLocation)
                #expect(
                    sut.launched() == nil, "nothing started for \(url.absoluteString)", sourceLocation: sourceLocation)
            }
        case .failingLauncherIsSaid:
            let sut = try await makeOpener(true)
            let url = try #require(URL(string: authorizationAddress), sourceLocation: sourceLocation)
            guard case .notOpened(let reason) = await sut.opener.open(url) else {
                Issue.record("a failing launcher was said to have opened the page", sourceLocation: sourceLocation)
                return
            }
            #expect(!reason.isEmpty, "a reason", sourceLocation: sourceLocation)
            #expect(!reason.contains("auth.invalid"), "the reason repeats the URL", sourceLocation: sourceLocation)
        }
    }
}
