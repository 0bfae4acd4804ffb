import AdapterFileKeychain
import Foundation
import Ports
import Testing

import OperatingSystem

/// `FilePINVault` against files that must neither hang the app nor unlock
/// it: a FIFO, a symbolic link, a corrupt file, a file too large to be a
/// record, a file with loose permissions. Each fails closed — `unavailable`,
/// saying why, never "no PIN set" and never `.accepted`.
@Suite("PIN file against hostile files", .serialized)
struct HostilePINFileTests {
    /// Not a hash: the PIN and the salt side by side, so these tests cost
    /// nothing to hash (PBKDF2 is tested against its vectors elsewhere).
    private struct StandInHasher: SecretHasher {
        func randomSalt(byteCount: Int) throws(SecretHasherError) -> [UInt8] { Array(repeating: 7, count: byteCount) }
        func derive(secret: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
            let laid = secret + salt
            return (0..<byteCount).map { laid[$0 % laid.count] }
        }
        func isEqualInConstantTime(_ left: [UInt8], _ right: [UInt8]) -> Bool { left == right }
    }

    private func makeVault() throws -> FilePINVault {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-hostile-pin-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return FilePINVault(directory: directory, hasher: StandInHasher(), iterations: 1)
    }

    /// The vault refuses to say anything: every operation but `remove` is
    /// `unavailable`, with `reason` in its description.
    private func expectFailsClosed(_ vault: FilePINVault, saying reason: String) async {
        do {
            let set = try await vault.isSet()
            Issue.record("isSet answered \(set) instead of failing")
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
        }
        do {
            let verification = try await vault.verify(PIN("2580"))
            Issue.record("verify answered \(verification) instead of failing")
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
        }
    }

    @Test("A FIFO at the PIN path: every read returns at once, refused, and does not hang", .timeLimit(.minutes(1)))
    func aFIFOIsRefusedWithoutHanging() async throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(atPath: vault.directory) }
        try #require(mkfifo(vault.pinPath, 0o600) == 0)

        // Should a read block in `open` after all, the time limit cancels
        // this test; opening the FIFO's other end then lets it return, so a
        // hang ends as a failure instead of stalling the run.
        await withTaskCancellationHandler {
            await expectFailsClosed(vault, saying: "not a regular file")
        } onCancel: {
            let writer = open(vault.pinPath, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        // Removing the PIN still works: the FIFO is unlinked.
        try await vault.remove()
        #expect(try await !vault.isSet())
    }

    @Test("A symbolic link at the PIN path is not followed, even to a valid record")
    func aSymbolicLinkIsNotFollowed() async throws {
        let elsewhere = try makeVault()
        let vault = try makeVault()
        defer {
            try? FileManager.default.removeItem(atPath: elsewhere.directory)
            try? FileManager.default.removeItem(atPath: vault.directory)
        }
        try await elsewhere.set(PIN("2580"))
        let target = try Data(contentsOf: URL(fileURLWithPath: elsewhere.pinPath))
        try FileManager.default.createSymbolicLink(atPath: vault.pinPath, withDestinationPath: elsewhere.pinPath)

        await expectFailsClosed(vault, saying: "symbolic link")
        #expect(try Data(contentsOf: URL(fileURLWithPath: elsewhere.pinPath)) == target, "the target is untouched")
    }

    @Test(
        "A corrupt PIN file is refused, never read as no PIN",
        arguments: [
            Data("not json".utf8), Data(), Data([0xff, 0xfe, 0x00, 0x01]),
            Data(#"{"format":1,"salt":"!!","iterations":1,"hash":"AAAA","failedAttempts":0}"#.utf8),
            Data(#"{"format":1,"salt":"AAAA","iterations":0,"hash":"AAAA","failedAttempts":0}"#.utf8),
            Data(#"{"format":1,"salt":"AAAA","iterations":1,"hash":"AAAA","failedAttempts":-1}"#.utf8),
            Data(#"{"format":9,"salt":"AAAA","iterations":1,"hash":"AAAA","failedAttempts":0}"#.utf8),
        ])
    func aCorruptFileIsRefused(_ bytes: Data) async throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(atPath: vault.directory) }
        try #require(
            FileManager.default.createFile(
                atPath: vault.pinPath, contents: bytes, attributes: [.posixPermissions: 0o600])
        )

        await expectFailsClosed(vault, saying: "not a PIN record")
    }

    @Test("A record with a hash of the wrong length never accepts, whatever is typed")
    func aTruncatedHashNeverAccepts() async throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(atPath: vault.directory) }
        let record = #"{"format":1,"salt":"BwcHBwcHBwcHBwcHBwcHBw==","iterations":1,"hash":"","failedAttempts":0}"#
        try #require(
            FileManager.default.createFile(
                atPath: vault.pinPath, contents: Data(record.utf8), attributes: [.posixPermissions: 0o600]))

        #expect(try await vault.verify(PIN("2580")) == .rejected(failedAttempts: 1))
    }

    @Test("A file larger than a record is not read whole: a padded record and a 1 GiB sparse file are refused")
    func anOversizedFileIsRefused() async throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(atPath: vault.directory) }
        try await vault.set(PIN("2580"))
        var padded = try Data(contentsOf: URL(fileURLWithPath: vault.pinPath))
        padded.append(Data(repeating: UInt8(ascii: " "), count: FilePINVault.maximumFileSize))
        try padded.write(to: URL(fileURLWithPath: vault.pinPath))

        await expectFailsClosed(vault, saying: "not a PIN record")

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: vault.pinPath))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        await expectFailsClosed(vault, saying: "not a PIN record")
    }

    @Test("A PIN file with loose permissions is tightened to 0600 before it is read")
    func loosePermissionsAreTightened() async throws {
        let vault = try makeVault()
        defer { try? FileManager.default.removeItem(atPath: vault.directory) }
        try await vault.set(PIN("2580"))
        try #require(chmod(vault.pinPath, 0o644) == 0)

        #expect(try await vault.isSet())

        let mode = try FileManager.default.attributesOfItem(atPath: vault.pinPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await vault.verify(PIN("2580")) == .accepted)
    }
}
