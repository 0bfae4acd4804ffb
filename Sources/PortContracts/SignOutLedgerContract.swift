public import Ports
public import Testing

/// A `SignOutLedger` handed to `SignOutLedgerContract`: the ledger, and the
/// same ledger as the next launch finds it.
public struct SignOutLedgerUnderTest: Sendable {
    /// The adapter under test, with nothing marked.
    public let ledger: any SignOutLedger
    /// Makes the same ledger as the next launch of the app would (the same
    /// marker beside the same store): a mark must be there.
    public let relaunch: @Sendable () -> any SignOutLedger

    /// Makes a ledger under test of `ledger`, relaunched by `relaunch`.
    public init(ledger: any SignOutLedger, relaunch: @escaping @Sendable () -> any SignOutLedger) {
        self.ledger = ledger
        self.relaunch = relaunch
    }
}

/// The `SignOutLedger` port's contract (its doc comment), one promise per
/// case of `Promise`, checked on ledgers a test target makes.
///
/// What it does not check: that a ledger which cannot be read answers
/// pending (no portable way to make one unreadable from here; each adapter
/// proves it with its own storage), and that it holds nothing but a yes or
/// no (a matter of its type).
public enum SignOutLedgerContract {
    /// One promise of the port, checked by `check(_:on:)`.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A new ledger has no sign-out pending.
        case aNewLedgerHasNothingPending
        /// A mark is pending in this launch and the next, until cleared;
        /// marking twice succeeds.
        case aMarkLastsUntilCleared
        /// Clearing an empty ledger succeeds.
        case clearingAnEmptyLedgerSucceeds

        /// The promise's name, as a test's argument is shown.
        public var testDescription: String { rawValue }
    }

    /// Checks `promise` on a fresh ledger from `makeLedger`. A broken
    /// promise is recorded as a test issue; an error the check did not
    /// expect is thrown.
    public static func check(
        _ promise: Promise, on makeLedger: @Sendable () async throws -> SignOutLedgerUnderTest
    ) async throws {
        let sut = try await makeLedger()
        let ledger = sut.ledger
        switch promise {
        case .aNewLedgerHasNothingPending:
            #expect(await !ledger.isPending())
            #expect(await !sut.relaunch().isPending())
        case .aMarkLastsUntilCleared:
            try await ledger.markPending()
            try await ledger.markPending()
            #expect(await ledger.isPending())
            #expect(await sut.relaunch().isPending())
            try await sut.relaunch().clear()
            #expect(await !ledger.isPending())
            #expect(await !sut.relaunch().isPending())
        case .clearingAnEmptyLedgerSucceeds:
            try await ledger.clear()
            #expect(await !ledger.isPending())
        }
    }
}
