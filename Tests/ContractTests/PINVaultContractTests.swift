import AdapterFileKeychain
import AdapterInMemory
import AdapterSoftwareCrypto
import Foundation
import Ports
import Testing

/// The software hasher with a salt that is fixed instead of random, so what
/// a vault stores is the same on every run and a check of its bytes cannot
/// pass or fail by chance. Hashing and comparison are the real ones.
struct FixedSaltHasher: SecretHasher {
    static let salt: [UInt8] = Array(0xa0..<0xb0)
    private let software = SoftwareSecretHasher()

    func randomSalt(byteCount: Int) throws(SecretHasherError) -> [UInt8] {
        Array(Self.salt.prefix(byteCount))
    }

    func derive(secret: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
        software.derive(secret: secret, salt: salt, iterations: iterations, byteCount: byteCount)
    }

    func isEqualInConstantTime(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        software.isEqualInConstantTime(left, right)
    }
}

/// One adapter of `PINVault` under test, a second on the same storage (the
/// next launch's), and every byte it has stored.
struct PINVaultFactory: Sendable, CustomTestStringConvertible {
    /// Few enough rounds to keep a debug build fast; the default is tested apart.
    static let testIterations = 64

    let testDescription: String
    let make: @Sendable (_ hasher: any SecretHasher, _ iterations: Int) -> PINVaultUnderTest

    static let all = [
        PINVaultFactory(testDescription: "InMemoryPINVault") { hasher, iterations in
            // The in-memory world keeps its one vault across relaunches.
            let vault = InMemoryPINVault(hasher: hasher, iterations: iterations)
            return PINVaultUnderTest(
                vault: vault, reopen: { vault },
                storedBytes: {
                    guard let record = vault.storedRecord else { return [] }
                    return record.salt + record.hash + Array("\(record.iterations) \(record.failedAttempts)".utf8)
                })
        },
        PINVaultFactory(testDescription: "FilePINVault") { hasher, iterations in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-pin-\(UUID().uuidString)/store").path
            return PINVaultUnderTest(
                vault: FilePINVault(directory: directory, hasher: hasher, iterations: iterations),
                reopen: { FilePINVault(directory: directory, hasher: hasher, iterations: iterations) },
                storedBytes: {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                    return names.flatMap { name in
                        Array(name.utf8)
                            + Array((FileManager.default.contents(atPath: directory + "/" + name)) ?? Data())
                    }
                })
        },
    ]

    func make(iterations: Int = testIterations) -> PINVaultUnderTest {
        make(FixedSaltHasher(), iterations)
    }
}

struct PINVaultUnderTest: Sendable {
    let vault: any PINVault
    let reopen: @Sendable () -> any PINVault
    let storedBytes: @Sendable () -> [UInt8]
}

@Suite("PINVault contract")
struct PINVaultContractTests {
    @Test("a new vault has no PIN; verifying answers noPINSet", arguments: PINVaultFactory.all)
    func aNewVaultHasNoPIN(_ factory: PINVaultFactory) async throws {
        let vault = factory.make().vault
        #expect(try await !vault.isSet())
        #expect(try await vault.verify(PIN("2580")) == .noPINSet)
    }

    @Test("the PIN set is accepted, another is rejected", arguments: PINVaultFactory.all)
    func setThenVerify(_ factory: PINVaultFactory) async throws {
        let vault = factory.make().vault
        try await vault.set(PIN("2580"))
        #expect(try await vault.isSet())
        #expect(try await vault.verify(PIN("2580")) == .accepted)
        #expect(try await vault.verify(PIN("2581")) == .rejected(failedAttempts: 1))
        #expect(try await vault.verify(PIN("")) == .rejected(failedAttempts: 2))
    }

    @Test("wrong entries count up, survive a relaunch, and a right one resets them", arguments: PINVaultFactory.all)
    func failedAttemptsPersist(_ factory: PINVaultFactory) async throws {
        let (vault, reopen, _) = {
            let made = factory.make(); return (made.vault, made.reopen, made.storedBytes)
        }()
        try await vault.set(PIN("2580"))
        #expect(try await vault.verify(PIN("1111")) == .rejected(failedAttempts: 1))
        #expect(try await vault.verify(PIN("0852")) == .rejected(failedAttempts: 2))

        let relaunched = reopen()
        #expect(try await relaunched.verify(PIN("9999")) == .rejected(failedAttempts: 3))
        #expect(try await relaunched.verify(PIN("2580")) == .accepted)
        #expect(try await reopen().verify(PIN("1111")) == .rejected(failedAttempts: 1))
    }

    @Test("wrong entries at the same time each count", arguments: PINVaultFactory.all)
    func concurrentWrongEntriesAllCount(_ factory: PINVaultFactory) async throws {
        let made = factory.make()
        try await made.vault.set(PIN("2580"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                let vault = made.reopen()
                group.addTask { _ = try await vault.verify(PIN("1357")) }
            }
            try await group.waitForAll()
        }
        #expect(try await made.vault.verify(PIN("1357")) == .rejected(failedAttempts: 5))
    }

    @Test("setting again replaces the PIN and starts the count at zero", arguments: PINVaultFactory.all)
    func setReplaces(_ factory: PINVaultFactory) async throws {
        let vault = factory.make().vault
        try await vault.set(PIN("2580"))
        _ = try await vault.verify(PIN("1111"))
        try await vault.set(PIN("1397"))
        #expect(try await vault.verify(PIN("2580")) == .rejected(failedAttempts: 1))
        #expect(try await vault.verify(PIN("1397")) == .accepted)
    }

    @Test(
        "remove: no PIN afterwards, in this launch and the next; removing nothing succeeds",
        arguments: PINVaultFactory.all)
    func remove(_ factory: PINVaultFactory) async throws {
        let made = factory.make()
        try await made.vault.remove()
        try await made.vault.set(PIN("2580"))
        try await made.vault.remove()
        #expect(try await !made.vault.isSet())
        #expect(try await !made.reopen().isSet())
        #expect(try await made.vault.verify(PIN("2580")) == .noPINSet)
    }

    @Test("a weak PIN is refused with its reason and nothing is stored", arguments: PINVaultFactory.all)
    func weakPINRefused(_ factory: PINVaultFactory) async throws {
        let vault = factory.make().vault
        await #expect(throws: PINVaultError.weakPIN(.sequentialDigits)) { try await vault.set(PIN("1234")) }
        await #expect(throws: PINVaultError.weakPIN(.repeatedDigit)) { try await vault.set(PIN("0000")) }
        await #expect(throws: PINVaultError.weakPIN(.notFourDigits)) { try await vault.set(PIN("12345")) }
        #expect(try await !vault.isSet())
    }

    @Test("no digit of the PIN is in what is stored, in text or as byte values", arguments: PINVaultFactory.all)
    func noPINDigitsStored(_ factory: PINVaultFactory) async throws {
        let made = factory.make()
        let pin = "2580"
        try await made.vault.set(PIN(pin))
        _ = try await made.vault.verify(PIN("1111"))
        let stored = made.storedBytes()
        #expect(!stored.isEmpty)
        let text = Array(pin.utf8)
        let values: [UInt8] = [2, 5, 8, 0]
        let packed: [UInt8] = [0x25, 0x80]
        for needle in [text, values, packed] {
            #expect(!stored.contains(needle), "the PIN is in the stored bytes")
        }
    }

    @Test("a new record uses a 16-byte salt and 100,000 iterations by default", arguments: PINVaultFactory.all)
    func defaultRecord(_ factory: PINVaultFactory) async throws {
        #expect(PINRecord.defaultIterations >= PINRecord.minimumIterations)
        #expect(PINRecord.minimumIterations >= 100_000)
        let made = factory.make(iterations: PINRecord.defaultIterations)
        try await made.vault.set(PIN("2580"))
        let stored = made.storedBytes()
        #expect(
            stored.contains(FixedSaltHasher.salt)
                || String(decoding: stored, as: UTF8.self).contains(
                    Data(FixedSaltHasher.salt).base64EncodedString())
        )
        #expect(String(decoding: stored, as: UTF8.self).contains("100000"))
    }
}
