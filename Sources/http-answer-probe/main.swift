import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports

// A child process for the HTTP adapters' bounds tests. Never part of the app.
//
//   http-answer-probe BASE-URL TIMEOUT-MILLISECONDS [NEXT-BASE-URL]
//
// Asks the server at BASE-URL (loopback: a test's hostile server) for the
// statement, once, as the app does, and prints how that call went:
//
//   outcome: <the error's text, or "answered">
//   elapsed-nanoseconds: <how long the call took>
//   peak-growth-bytes: <how much the process's peak resident size grew meanwhile>
//
// With NEXT-BASE-URL it then asks that server for its health, at once and
// with the same timeout, and prints how that went too (`next-outcome`,
// `next-elapsed-nanoseconds`): what a hostile answer does to the next call.
//
// In a process of its own, the resident size is the call's alone: in the
// test process, every test running at the same time would count too.
import OperatingSystem

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("http-answer-probe: \(message)\n".utf8))
    exit(2)
}

/// Closes every descriptor inherited beyond the standard three (the test
/// process has other tests' sockets open; a copy living on here would keep
/// their connections open).
func closeInheritedDescriptors() {
    Platform.closeInheritedDescriptors()
}

/// The peak resident size so far, in bytes.
func peakResidentBytes() -> Int {
    guard let bytes = Platform.peakResidentBytes() else { fail("cannot read this process's peak resident size") }
    return bytes
}

/// Brings the peak down to the current resident size.
func resetPeakResidentSize() {
    guard Platform.resetPeakResidentBytes() else {
        fail("cannot reset the peak resident size on this system (Linux 4.0 or later can)")
    }
}

closeInheritedDescriptors()
let arguments = CommandLine.arguments
guard [3, 4].contains(arguments.count), let milliseconds = Int(arguments[2]), milliseconds > 0 else {
    fail("usage: http-answer-probe BASE-URL TIMEOUT-MILLISECONDS [NEXT-BASE-URL]")
}

func configuration(_ baseURL: String) -> HTTPConfiguration {
    do {
        return try HTTPConfiguration(baseURL: baseURL, apiKey: nil, timeout: .milliseconds(milliseconds))
    } catch {
        fail("\(error)")
    }
}

func nanoseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
}

let statements = URLSessionStatementRemoteAPI(configuration: configuration(arguments[1]))
let health = arguments.count == 4 ? URLSessionHealthProbe(configuration: configuration(arguments[3])) : nil

resetPeakResidentSize()
let before = peakResidentBytes()
let start = ContinuousClock.now
let outcome: String
do {
    _ = try await statements.statement(token: AccessToken("probe"))
    outcome = "answered"
} catch {
    outcome = error.description
}
let elapsed = ContinuousClock.now - start
let growth = peakResidentBytes() - before
print("outcome: \(outcome)")
print("elapsed-nanoseconds: \(nanoseconds(elapsed))")
print("peak-growth-bytes: \(growth)")
if let health {
    let next = ContinuousClock.now
    let nextOutcome: String
    do {
        nextOutcome = "answered \(try await health.check())"
    } catch {
        nextOutcome = error.description
    }
    print("next-outcome: \(nextOutcome)")
    print("next-elapsed-nanoseconds: \(nanoseconds(ContinuousClock.now - next))")
}
