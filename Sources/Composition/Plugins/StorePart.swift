public import Ports

extension PluginRegistry {
    /// One adapter a store plugin made (the store, its sign-out ledger, its
    /// PIN vault), and the same adapter as a keeper of storage notices when
    /// it keeps them: the plugin declares it, the world never casts to find
    /// out (docs/environments.md, "What a plugin declares").
    public struct StorePart<Adapter: Sendable>: Sendable {
        /// The adapter, as its port.
        public let adapter: Adapter
        /// The same adapter, when it keeps notices the person is told of.
        public let noticeSource: (any StorageNoticeSource)?

        /// An adapter that keeps no storage notices.
        public init(_ adapter: Adapter) {
            self.adapter = adapter
            noticeSource = nil
        }

        fileprivate init(adapter: Adapter, noticeSource: any StorageNoticeSource) {
            self.adapter = adapter
            self.noticeSource = noticeSource
        }
    }
}

extension PluginRegistry.StorePart where Adapter == any SessionDataStore {
    /// A store that keeps storage notices: the world collects them from it.
    public static func keepingNotices(_ store: some SessionDataStore & StorageNoticeSource) -> Self {
        Self(adapter: store, noticeSource: store)
    }
}

extension PluginRegistry.StorePart where Adapter == any SignOutLedger {
    /// A sign-out ledger that keeps storage notices: the world collects them from it.
    public static func keepingNotices(_ ledger: some SignOutLedger & StorageNoticeSource) -> Self {
        Self(adapter: ledger, noticeSource: ledger)
    }
}

extension PluginRegistry.StorePart where Adapter == any PINVault {
    /// A PIN vault that keeps storage notices: the world collects them from it.
    public static func keepingNotices(_ vault: some PINVault & StorageNoticeSource) -> Self {
        Self(adapter: vault, noticeSource: vault)
    }
}
