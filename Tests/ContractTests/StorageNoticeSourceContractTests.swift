import PortContracts
import Ports
import Testing

/// The `StorageNoticeSource` contract (`StorageNoticeSourceContract` of
/// `PortContracts`), run against every adapter in `NoticeSourceFactory.all`.
/// Notices come only from what each adapter really finds on disk and deals
/// with in its own operations (a directory or a file open to others, a file
/// it sets aside).
@Suite("StorageNoticeSource contract")
struct StorageNoticeSourceContractTests {
    @Test(
        "Every notice source keeps each promise",
        arguments: NoticeSourceFactory.all, StorageNoticeSourceContract.Promise.allCases)
    func keepsThePromise(_ factory: NoticeSourceFactory, _ promise: StorageNoticeSourceContract.Promise) async throws {
        try await StorageNoticeSourceContract.check(promise, on: factory.make)
    }
}
