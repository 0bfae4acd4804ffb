import AdapterFileKeychain
import Foundation
import PortContracts
import Ports
import Testing

import OperatingSystem

/// Makes one `StorageNoticeSource` adapter for a test: on a fresh directory,
/// holding what it stores, with no notice kept yet.
struct NoticeSourceFactory: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let make: @Sendable () async throws -> StorageNoticeSourceUnderTest

    /// Every `StorageNoticeSource` adapter. A new one joins with one line here.
    ///
    /// The in-memory stores are not in it: they keep nothing on a disk, so
    /// they have nothing to repair, and they do not conform.
    static let all: [NoticeSourceFactory] = [.fileSessionDataStore, .filePINVault, .fileSignOutLedger]
}

extension NoticeSourceFactory {
    /// Rotates through four things the session store deals with: its
    /// directory open to others (a save makes it 0700), the session file open
    /// to others (a read makes it 0600), a file hard-linked at the session
    /// path holding a session (set aside unread), a truncated session that
    /// still holds the token (set aside undecoded).
    static let fileSessionDataStore = NoticeSourceFactory(testDescription: "FileSessionDataStore") {
        let root = NoticeSteps.temporaryRoot("notice-session")
        let coding = JSONSessionCoding()
        let store = FileSessionDataStore(directory: root + "/store", coding: coding)
        let session = CodingSample.both.session
        let token = try #require(CodingSample.both.tokenText)
        let encoded = try coding.encode(session)
        let truncated = encoded.prefix(encoded.count - 1)
        try #require(String(decoding: truncated, as: UTF8.self).contains(token), "the truncated file holds the token")
        try await store.save(session)
        return StorageNoticeSourceUnderTest(
            source: store, root: root, directory: store.directory, bound: FileSessionDataStore.maximumPendingNotices,
            secrets: [token],
            provoke: { step in
                switch step % 4 {
                case 0:
                    let mode = NoticeSteps.looseMode(0o700, step)
                    try NoticeSteps.chmod(store.directory, mode)
                    try await store.save(session)
                    return NoticeSteps.text(of: mode)
                case 1:
                    try await store.save(session)
                    let mode = NoticeSteps.looseMode(0o600, step)
                    try NoticeSteps.chmod(store.sessionPath, mode)
                    #expect(await store.read() == .found(session))
                    return NoticeSteps.text(of: mode)
                case 2:
                    try NoticeSteps.removeIfThere(store.sessionPath)
                    let other = root + "/linked-\(step)"
                    try NoticeSteps.plant(other, encoded, mode: 0o644)
                    try #require(link(other, store.sessionPath) == 0, "errno \(errno)")
                    try NoticeSteps.expectSetAside(await store.read())
                default:
                    try NoticeSteps.removeIfThere(store.sessionPath)
                    try NoticeSteps.plant(store.sessionPath, Data(truncated), mode: 0o600)
                    try NoticeSteps.expectSetAside(await store.read())
                }
                // The store numbers what it sets aside 1, 2, 3…: two of every four steps.
                return "moved to session.corrupt-\(step / 4 * 2 + step % 4 - 1)"
            },
            loosen: {
                try NoticeSteps.chmod(store.directory, 0o777)
                if FileManager.default.fileExists(atPath: store.sessionPath) {
                    try NoticeSteps.chmod(store.sessionPath, 0o644)
                }
            },
            makeOn: { FileSessionDataStore(directory: $0, coding: coding) }
        )
    }

    /// Alternates: the store directory open to others (a `set` makes it
    /// 0700), the PIN file open to others (`isSet` makes it 0600).
    static let filePINVault = NoticeSourceFactory(testDescription: "FilePINVault") {
        let root = NoticeSteps.temporaryRoot("notice-pin")
        let hasher = fixedSaltHasher()
        let iterations = PINVaultFactory.testIterations
        let vault = FilePINVault(directory: root + "/store", hasher: hasher, iterations: iterations)
        let pin = "2580"
        try await vault.set(PIN(pin))
        return StorageNoticeSourceUnderTest(
            source: vault, root: root, directory: vault.directory, bound: FilePINVault.maximumPendingNotices,
            secrets: [pin],
            provoke: { step in
                if step.isMultiple(of: 2) {
                    let mode = NoticeSteps.looseMode(0o700, step)
                    try NoticeSteps.chmod(vault.directory, mode)
                    try await vault.set(PIN(pin))
                    return NoticeSteps.text(of: mode)
                }
                let mode = NoticeSteps.looseMode(0o600, step)
                try NoticeSteps.chmod(vault.pinPath, mode)
                #expect(try await vault.isSet())
                return NoticeSteps.text(of: mode)
            },
            loosen: {
                try NoticeSteps.chmod(vault.directory, 0o777)
                try NoticeSteps.chmod(vault.pinPath, 0o644)
            },
            makeOn: { FilePINVault(directory: $0, hasher: hasher, iterations: iterations) }
        )
    }

    /// The store directory open to others, each step with another mode: a
    /// mark makes it 0700. The session file lies beside the marker, as in the
    /// app, holding the token.
    static let fileSignOutLedger = NoticeSourceFactory(testDescription: "FileSignOutLedger") {
        let root = NoticeSteps.temporaryRoot("notice-ledger")
        let session = CodingSample.both.session
        let token = try #require(CodingSample.both.tokenText)
        try await FileSessionDataStore(directory: root + "/store", coding: JSONSessionCoding()).save(session)
        let ledger = FileSignOutLedger(directory: root + "/store")
        try await ledger.markPending()
        return StorageNoticeSourceUnderTest(
            source: ledger, root: root, directory: ledger.directory, bound: FileSignOutLedger.maximumPendingNotices,
            secrets: [token],
            provoke: { step in
                let mode = NoticeSteps.looseMode(0o700, step)
                try NoticeSteps.chmod(ledger.directory, mode)
                try await ledger.markPending()
                return NoticeSteps.text(of: mode)
            },
            loosen: { try NoticeSteps.chmod(ledger.directory, 0o777) },
            makeOn: { FileSignOutLedger(directory: $0) }
        )
    }
}

/// What the factories do to the storage behind an adapter's back.
enum NoticeSteps {
    static func temporaryRoot(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-\(label)-\(UUID().uuidString)").path
    }

    /// `base` (0o700 for a directory, 0o600 for a file) with group and other
    /// bits that differ from step to step (for steps 0 to 62): a mode open to
    /// others that a notice names.
    static func looseMode(_ base: mode_t, _ step: Int) -> mode_t { base | mode_t(1 + step % 63) }

    /// How a notice names a mode it found.
    static func text(of mode: mode_t) -> String { "(mode \(String(mode, radix: 8)))" }

    static func chmod(_ path: String, _ mode: mode_t) throws {
        try #require(SystemCall.chmod(path, mode) == 0, "chmod \(path): errno \(errno)")
    }

    static func plant(_ path: String, _ data: Data, mode: mode_t) throws {
        try #require(FileManager.default.createFile(atPath: path, contents: data), "could not write \(path)")
        try chmod(path, mode)
    }

    static func removeIfThere(_ path: String) throws {
        try #require(unlink(path) == 0 || errno == ENOENT, "unlink \(path): errno \(errno)")
    }

    static func expectSetAside(_ read: SessionRead) throws {
        guard case .setAside = read else {
            Issue.record("expected the file to be set aside, read \(read)")
            throw SetAsideExpected()
        }
    }

    struct SetAsideExpected: Error {}
}
