// A child process for the file store's crash-safety tests: saves sessions in
// a loop and says so after each save, so the test can kill it (SIGKILL) at a
// moment of its choosing. Never part of the app.
//
//   session-store-stress DIRECTORY WRITER-ID [COUNT]
//
// Session i of writer W carries the token "W-i" and a user named "W-i"; with
// COUNT it stops after COUNT saves, without it it saves until killed.
import AdapterFileKeychain
import Foundation
import Ports

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: session-store-stress DIRECTORY WRITER-ID [COUNT]\n".utf8))
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
            profile: UserProfile(id: writer, name: mark, email: "\(writer)@example.com", cpf: "12345678909", active: true, isDeleted: false),
            syncedAt: moment))
    do {
        try await store.save(session)
    } catch {
        FileHandle.standardError.write(Data("save failed: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("saved \(index)\n".utf8))
}
