import Foundation
public import Ports
public import Testing

/// A `PINVault` handed to `PINVaultContract`: the vault, the same vault as
/// the next launch finds it, and every byte it has stored.
public struct PINVaultUnderTest: Sendable {
    /// The adapter under test, with no PIN set.
    public let vault: any PINVault
    /// Makes the same vault as the next launch of the app would (the same
    /// keychain item, the same file): the record and its count must be there.
    public let relaunch: @Sendable () -> any PINVault
    /// Every byte the vault keeps (names and contents alike), searched for
    /// the PIN's digits and checked for the salt and the iteration count.
    public let storedBytes: @Sendable () -> [UInt8]

    /// Makes a vault under test of `vault`, relaunched by `relaunch`, whose
    /// storage `storedBytes` reads.
    public init(
        vault: any PINVault, relaunch: @escaping @Sendable () -> any PINVault,
        storedBytes: @escaping @Sendable () -> [UInt8]
    ) {
        self.vault = vault
        self.relaunch = relaunch
        self.storedBytes = storedBytes
    }
}

/// The `PINVault` port's contract (its doc comment), one promise per case of
/// `Promise`, checked on vaults a test target makes.
///
/// The contract hands the maker the hasher the vault must hash with — the
/// team's own, its salt fixed (`FixedSaltHasher`) so that what is stored is
/// the same on every run and a check of its bytes cannot pass or fail by
/// chance — and the iteration count to make it with: `fewIterations`, to
/// stay fast, except where a promise is about the default.
///
/// What it does not check: that the slow hash runs off Swift's cooperative
/// pool (a matter of threads each adapter proves apart), and that no error
/// text holds the PIN (each adapter's own failures).
public enum PINVaultContract {
    /// The iteration count the checks make a vault with, to keep a debug build fast.
    public static let fewIterations = 64

    /// The salt every record of a check is made with.
    public static let fixedSalt: [UInt8] = Array(0xa0..<0xb0)

    /// `hasher`'s derivation and comparison, with `fixedSalt` for every salt.
    public struct FixedSaltHasher: SecretHasher {
        private let hasher: any SecretHasher

        /// Hashes and compares with `hasher`.
        public init(_ hasher: any SecretHasher) { self.hasher = hasher }

        /// `fixedSalt`, as long as asked (at most its 16 bytes).
        public func randomSalt(byteCount: Int) throws(SecretHasherError) -> [UInt8] {
            Array(PINVaultContract.fixedSalt.prefix(byteCount))
        }

        /// `hasher`'s derivation.
        public func derive(secret: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
            hasher.derive(secret: secret, salt: salt, iterations: iterations, byteCount: byteCount)
        }

        /// `hasher`'s comparison.
        public func isEqualInConstantTime(_ left: [UInt8], _ right: [UInt8]) -> Bool {
            hasher.isEqualInConstantTime(left, right)
        }
    }

    /// One promise of the port, checked by `check(_:hashingWith:on:)`.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A new vault has no PIN; verifying answers `noPINSet`.
        case aNewVaultHasNoPIN
        /// The PIN set is accepted; another, the empty one included, is rejected and counted.
        case theSetPINIsAcceptedAnotherRejected
        /// Wrong entries count up, survive a relaunch, and a right one resets them.
        case wrongEntriesCountAndSurviveARelaunch
        /// Wrong entries at the same time each count.
        case wrongEntriesAtOnceEachCount
        /// Setting again replaces the PIN and starts the count at zero.
        case settingAgainReplacesThePIN
        /// After `remove` no PIN is set, in this launch and the next; removing nothing succeeds.
        case removeLeavesNoPIN
        /// A weak PIN is refused with its reason, and nothing is stored.
        case aWeakPINIsRefused
        /// No digit of the PIN is in what is stored, in text or as byte values.
        case noDigitOfThePINIsStored
        /// A new record has a 16-byte salt and the default iteration count.
        case aNewRecordUsesTheSaltAndTheDefaultCount

        /// The promise's name, as a test's argument is shown.
        public var testDescription: String { rawValue }
    }

    /// Checks `promise` on a fresh vault from `makeVault`, which is given
    /// the hasher to make it with (`hasher` behind `FixedSaltHasher`) and
    /// the iteration count. A broken promise is recorded as a test issue; an
    /// error the check did not expect is thrown.
    public static func check(
        _ promise: Promise, hashingWith hasher: any SecretHasher,
        on makeVault: @Sendable (_ hasher: any SecretHasher, _ iterations: Int) async throws -> PINVaultUnderTest
    ) async throws {
        let iterations =
            promise == .aNewRecordUsesTheSaltAndTheDefaultCount ? PINRecord.defaultIterations : fewIterations
        let sut = try await makeVault(FixedSaltHasher(hasher), iterations)
        let vault = sut.vault
        switch promise {
        case .aNewVaultHasNoPIN:
            #expect(try await !vault.isSet())
            #expect(try await vault.verify(PIN("2580")) == .noPINSet)
        case .theSetPINIsAcceptedAnotherRejected:
            try await vault.set(PIN("2580"))
            #expect(try await vault.isSet())
            #expect(try await vault.verify(PIN("2580")) == .accepted)
            #expect(try await vault.verify(PIN("2581")) == .rejected(failedAttempts: 1))
            #expect(try await vault.verify(PIN("")) == .rejected(failedAttempts: 2))
        case .wrongEntriesCountAndSurviveARelaunch:
            try await vault.set(PIN("2580"))
            #expect(try await vault.verify(PIN("1111")) == .rejected(failedAttempts: 1))
            #expect(try await vault.verify(PIN("0852")) == .rejected(failedAttempts: 2))
            let relaunched = sut.relaunch()
            #expect(try await relaunched.verify(PIN("9999")) == .rejected(failedAttempts: 3))
            #expect(try await relaunched.verify(PIN("2580")) == .accepted)
            #expect(try await sut.relaunch().verify(PIN("1111")) == .rejected(failedAttempts: 1))
        case .wrongEntriesAtOnceEachCount:
            try await vault.set(PIN("2580"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    let other = sut.relaunch()
                    group.addTask { _ = try await other.verify(PIN("1357")) }
                }
                try await group.waitForAll()
            }
            #expect(try await vault.verify(PIN("1357")) == .rejected(failedAttempts: 5))
        case .settingAgainReplacesThePIN:
            try await vault.set(PIN("2580"))
            _ = try await vault.verify(PIN("1111"))
            try await vault.set(PIN("1397"))
            #expect(try await vault.verify(PIN("2580")) == .rejected(failedAttempts: 1))
            #expect(try await vault.verify(PIN("1397")) == .accepted)
        case .removeLeavesNoPIN:
            try await vault.remove()
            try await vault.set(PIN("2580"))
            try await vault.remove()
            #expect(try await !vault.isSet())
            #expect(try await !sut.relaunch().isSet())
            #expect(try await vault.verify(PIN("2580")) == .noPINSet)
        case .aWeakPINIsRefused:
            await #expect(throws: PINVaultError.weakPIN(.sequentialDigits)) { try await vault.set(PIN("1234")) }
            await #expect(throws: PINVaultError.weakPIN(.repeatedDigit)) { try await vault.set(PIN("0000")) }
            await #expect(throws: PINVaultError.weakPIN(.notFourDigits)) { try await vault.set(PIN("12345")) }
            #expect(try await !vault.isSet())
        case .noDigitOfThePINIsStored:
            try await vault.set(PIN("2580"))
            _ = try await vault.verify(PIN("1111"))
            let stored = sut.storedBytes()
            #expect(!stored.isEmpty)
            for needle in [Array("2580".utf8), [2, 5, 8, 0], [0x25, 0x80]] as [[UInt8]] {
                #expect(!stored.contains(needle), "the PIN is in the stored bytes")
            }
        case .aNewRecordUsesTheSaltAndTheDefaultCount:
            #expect(PINRecord.defaultIterations >= PINRecord.minimumIterations)
            #expect(PINRecord.minimumIterations >= 100_000)
            try await vault.set(PIN("2580"))
            let stored = sut.storedBytes()
            let text = String(decoding: stored, as: UTF8.self)
            #expect(
                stored.contains(fixedSalt) || text.contains(Data(fixedSalt).base64EncodedString()),
                "the 16-byte salt is stored")
            #expect(text.contains(String(PINRecord.defaultIterations)), "the default count is stored")
        }
    }
}
