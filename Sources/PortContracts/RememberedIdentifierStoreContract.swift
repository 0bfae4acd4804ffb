public import Ports
public import Testing

/// A `RememberedIdentifierStore` handed to `RememberedIdentifierStoreContract`:
/// the store, and the same store as the next launch finds it.
public struct RememberedIdentifierStoreUnderTest: Sendable {
    /// The adapter under test, empty.
    public let store: any RememberedIdentifierStore
    /// Makes the same store as the next launch of the app would (the same
    /// keychain item, the same file): what is remembered must be there.
    public let relaunch: @Sendable () -> any RememberedIdentifierStore

    /// Makes a store under test of `store`, relaunched by `relaunch`.
    public init(
        store: any RememberedIdentifierStore, relaunch: @escaping @Sendable () -> any RememberedIdentifierStore
    ) {
        self.store = store
        self.relaunch = relaunch
    }
}

/// The `RememberedIdentifierStore` port's contract (its doc comment), one
/// promise per case of `Promise`, checked on stores a test target makes.
public enum RememberedIdentifierStoreContract {
    /// One promise of the port, checked by `check(_:on:)`.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// An empty store remembers nothing, and forgetting it succeeds.
        case anEmptyStoreRemembersNothing
        /// What is remembered is read back, in this launch and the next, until forgotten or replaced.
        case rememberedUntilForgottenOrReplaced
        /// An identifier the preferences' rule refuses is refused, changing nothing.
        case anUnusableIdentifierIsRefused

        /// The promise's name, as a test's argument is shown.
        public var testDescription: String { rawValue }
    }

    /// Checks `promise` on a fresh store from `makeStore`. A broken promise
    /// is recorded as a test issue; an error the check did not expect is thrown.
    public static func check(
        _ promise: Promise, on makeStore: @Sendable () async throws -> RememberedIdentifierStoreUnderTest
    ) async throws {
        let sut = try await makeStore()
        let store = sut.store
        switch promise {
        case .anEmptyStoreRemembersNothing:
            #expect(await store.read() == nil)
            try await store.forget()
            #expect(await store.read() == nil)
        case .rememberedUntilForgottenOrReplaced:
            try await store.remember("123.456.789-09")
            #expect(await store.read() == "123.456.789-09")
            #expect(await sut.relaunch().read() == "123.456.789-09")

            try await store.remember("maria@example.com")
            #expect(await sut.relaunch().read() == "maria@example.com")

            try await store.forget()
            #expect(await store.read() == nil)
            #expect(await sut.relaunch().read() == nil)
        case .anUnusableIdentifierIsRefused:
            try await store.remember("123.456.789-09")
            let tooLong = String(repeating: "a", count: Preferences.lastIdentifierMaximumLength + 1)
            for unusable in ["", tooLong, "a\u{1B}[2Jb"] {
                await #expect(throws: SessionStoreError.self, "\(unusable.debugDescription)") {
                    try await store.remember(unusable)
                }
            }
            #expect(await store.read() == "123.456.789-09")
        }
    }
}
