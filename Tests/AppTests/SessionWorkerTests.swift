import Foundation
import Testing

@testable import GatehouseApp

import OperatingSystem

/// The hidden `app session-worker`'s own rules: its requests, what it says
/// about a bad line (never the line: it may hold a password), and its
/// bounded reading of stdin. What several workers do together is
/// `SharedStoreTests`'.
@Suite("The session worker")
struct SessionWorkerTests {
    @Test("session-worker is a command of its own, hidden from help, taking no operand")
    func hiddenCommand() throws {
        #expect(try CommandLineParser.parse(["--env", "e.json", "session-worker"]).command == .sessionWorker)
        #expect(!CommandLineParser.commands.contains(SessionWorker.commandWord))
        #expect(!HelpText.text(for: nil).contains(SessionWorker.commandWord))
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["session-worker", "extra"]) }
    }

    @Test(
        "Each request word means its request",
        arguments: [
            ("launch", SessionWorkerRequest.launch), ("call", .call), ("timed-call", .timedCall),
            ("logout", .logout), ("state", .state), ("quit", .quit), ("  call  ", .call),
        ])
    func requestWords(line: String, request: SessionWorkerRequest) {
        #expect(SessionWorkerRequest.parse(line) == .success(request))
    }

    @Test("A sign-in line takes a CPF or an e-mail and a password")
    func signInLine() throws {
        guard case .success(.signIn) = SessionWorkerRequest.parse("sign-in 123.456.789-09 123456") else {
            Issue.record("a CPF sign-in was not understood")
            return
        }
        guard case .success(.signIn) = SessionWorkerRequest.parse("sign-in maria@example.com 123456") else {
            Issue.record("an e-mail sign-in was not understood")
            return
        }
    }

    @Test(
        "A line that is no request is named without repeating it",
        arguments: ["", "dance", "call now", "sign-in not-an-id s3cr3t-pass", "sign-in 12345678909"])
    func badLines(line: String) throws {
        guard case .failure(let problem) = SessionWorkerRequest.parse(line) else {
            Issue.record("'\(line)' was taken as a request")
            return
        }
        #expect(!problem.text.contains("s3cr3t-pass"))
        #expect(!problem.text.isEmpty)
    }

    @Test("stdin is read a line at a time; a line past the limit is dropped whole, and the end is said")
    func boundedLines() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let input = SessionWorkerInput(descriptor: ends[0])
        let long = String(repeating: "x", count: SessionWorkerInput.longestLine * 3)
        let text = "launch\n\(long)\ncall\npartial"
        let written = text.utf8CString.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, text.utf8.count) }
        close(ends[1])
        #expect(written == text.utf8.count)

        #expect(await input.next() == .text("launch"))
        #expect(await input.next() == .tooLong)
        #expect(await input.next() == .text("call"))
        #expect(await input.next() == .end, "a last line without its newline is no request")
        close(ends[0])
    }
}
