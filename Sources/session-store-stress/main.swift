import AdapterFileKeychain
import Foundation
import Ports
import Synchronization

// A child process for the file store's crash-safety tests. Never part of the app.
//
//   session-store-stress DIRECTORY WRITER-ID [COUNT]
//
// Saves sessions in a loop and says so after each save, so the test can kill
// it (SIGKILL) at a moment of its choosing. Session i of writer W carries the
// token "W-i" and a user named "W-i"; with COUNT it stops after COUNT saves,
// without it it saves until killed.
//
//   session-store-stress --read-killed-inside-decode DIRECTORY
//
// Reads the session with a coding whose `decode` kills the process (SIGKILL),
// as a decoder that crashes or hangs until the app is killed would. Exits 3
// if the read returns, which means decode was never reached.
//
//   session-store-stress --read DIRECTORY
//
// Reads the session once, as a launch does, and says what it found
// ("found", "none", or the failure's kind: never the session), exit 0 when
// it found one: the process a test traces to see what a read does.
//
//   session-store-stress --hold-lock DIRECTORY [PURPOSE]
//
// Takes the store's lock (a transaction for PURPOSE, a `SessionLockPurpose`:
// `writing` unless said), says "held", and keeps it until killed: the
// holder a test stops (SIGSTOP) or kills while it holds it.
//
//   session-store-stress --append-lines DIRECTORY FILE-NAME COUNT TAG [MAXIMUM-BYTES]
//
// Waits until its standard input ends (a start signal: a test closes one
// pipe to start several children at once; run by hand, give it
// `< /dev/null`), then appends COUNT lines {"tag":"TAG","n":N,"pad":"xx…"},
// N from 1, to a `BoundedLineLog` of FILE-NAME in DIRECTORY whose current
// file holds at most MAXIMUM-BYTES (1 MiB unless said). Exits 0 when all
// are appended, 1 at the first append that throws, 2 on bad arguments.
//
//   session-store-stress --append-events DIRECTORY COUNT
//
// The same start signal, then records COUNT session events through a
// `FileSessionEventLog` in DIRECTORY, the n-th with n in its
// `lock-waited-ms`. Exits 0, or 1 when the log said it could not write.
import OperatingSystem

/// Closes every descriptor this process inherited beyond the standard three:
/// the test process that spawned it has other tests' sockets open, and a
/// copy of a client's socket living on here would keep that connection open
/// after the test closed its own.
func closeInheritedDescriptors() {
    Platform.closeInheritedDescriptors()
}

/// JSON, except that decoding kills the process.
struct DecodeKillsTheProcess: SessionCoding {
    var formatName: String { "json, deadly to decode" }
    var formatVersion: Int { JSONSessionCoding.currentVersion }

    func encode(_ session: UserSession) throws(SessionCodingError) -> Data {
        try JSONSessionCoding().encode(session)
    }

    func decode(_ data: Data) throws(SessionCodingError) -> UserSession {
        raise(SIGKILL)
        throw .notASession("the process outlived SIGKILL")
    }
}

closeInheritedDescriptors()
let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--read-killed-inside-decode" {
    let store = FileSessionDataStore(directory: arguments[2], coding: DecodeKillsTheProcess())
    // What was read is not printed: it could be a session, and output never shows one.
    _ = await store.read()
    FileHandle.standardError.write(Data("read returned without decoding\n".utf8))
    exit(3)
}
if arguments.count == 3, arguments[1] == "--read" {
    let result = await FileSessionDataStore(directory: arguments[2], coding: JSONSessionCoding()).read()
    switch result {
    case .found:
        print("found")
        exit(0)
    case .absent:
        print("none")
        exit(1)
    case .unavailable:
        print("unavailable")
        exit(1)
    default:
        print("set aside")
        exit(1)
    }
}
if (3...4).contains(arguments.count), arguments[1] == "--hold-lock" {
    guard let purpose = arguments.count == 4 ? SessionLockPurpose(rawValue: arguments[3]) : .writing else {
        FileHandle.standardError.write(Data("--hold-lock: no such purpose\n".utf8))
        exit(2)
    }
    let store = FileSessionDataStore(directory: arguments[2], coding: JSONSessionCoding())
    _ = try? await store.exclusively(for: purpose, waitingAtMost: .seconds(60)) { _ in
        FileHandle.standardOutput.write(Data("held\n".utf8))
        // This process does nothing else: its one thread may block here.
        while true { pause() }
    }
    exit(4)
}
if (6...7).contains(arguments.count), arguments[1] == "--append-lines" {
    guard let count = Int(arguments[4]), count >= 0,
        let maximumBytes = arguments.count == 7 ? Int(arguments[6]) : 1_048_576
    else {
        FileHandle.standardError.write(Data("--append-lines: COUNT and MAXIMUM-BYTES are numbers\n".utf8))
        exit(2)
    }
    // The tag goes into JSON as it is: only a plain one.
    let tag = arguments[5]
    guard !tag.isEmpty, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
        FileHandle.standardError.write(Data("--append-lines: TAG is letters, digits and -\n".utf8))
        exit(2)
    }
    var discarded = [UInt8](repeating: 0, count: 64)
    while true {
        let read = SystemCall.read(STDIN_FILENO, &discarded, discarded.count)
        if read < 0, errno == EINTR { continue }
        if read <= 0 { break }
    }
    let log = BoundedLineLog(directory: arguments[2], fileName: arguments[3], maximumBytes: maximumBytes)
    // About 130 bytes a line: many to a rotation when MAXIMUM-BYTES is small.
    let pad = String(repeating: "x", count: 100)
    for n in stride(from: 1, through: count, by: 1) {
        do {
            try log.append(#"{"tag":"\#(tag)","n":\#(n),"pad":"\#(pad)"}"#)
        } catch {
            FileHandle.standardError.write(Data("append \(n) failed: \(error)\n".utf8))
            exit(1)
        }
    }
    exit(0)
}
if arguments.count == 4, arguments[1] == "--append-events" {
    guard let count = Int(arguments[3]), count >= 0 else {
        FileHandle.standardError.write(Data("--append-events: COUNT is a number\n".utf8))
        exit(2)
    }
    var discarded = [UInt8](repeating: 0, count: 64)
    while true {
        let read = SystemCall.read(STDIN_FILENO, &discarded, discarded.count)
        if read < 0, errno == EINTR { continue }
        if read <= 0 { break }
    }
    let failed = Mutex(false)
    let log = FileSessionEventLog(directory: arguments[2]) { message in
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        failed.withLock { $0 = true }
    }
    // Each event counts itself in lock-waited-ms, so a test can tell each process's order.
    for n in stride(from: 1, through: count, by: 1) {
        log.record(
            SessionEventEntry(
                time: Date(), process: getpid(),
                event: .tokenRefreshed(.reactive, lockWaited: .milliseconds(n), took: .zero)))
    }
    exit(failed.withLock { $0 } ? 1 : 0)
}
guard arguments.count >= 3 else {
    FileHandle.standardError.write(
        Data("usage: session-store-stress DIRECTORY WRITER-ID [COUNT] | --read-killed-inside-decode DIRECTORY\n".utf8))
    exit(2)
}
let store = FileSessionDataStore(directory: arguments[1], coding: JSONSessionCoding())
let writer = arguments[2]
let limit = arguments.count > 3 ? Int(arguments[3]) : nil

var index = 0
while limit.map({ index < $0 }) ?? true {
    index += 1
    let mark = "\(writer)-\(index)"
    let moment = Date(timeIntervalSinceReferenceDate: Double(index))
    let session = UserSession(
        token: SessionToken(token: AccessToken(mark), issuedAt: moment, expiresAt: moment.addingTimeInterval(60)),
        cachedUser: CachedUser(
            profile: UserProfile(
                id: writer, name: mark, email: "\(writer)@example.com", cpf: "12345678909", active: true,
                isDeleted: false),
            syncedAt: moment))
    do {
        try await store.save(session)
    } catch {
        FileHandle.standardError.write(Data("save failed: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("saved \(index)\n".utf8))
}
