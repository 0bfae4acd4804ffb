import AdapterFileKeychain
import Foundation
import PortContracts
import Ports

extension StoreFactory {
    /// The file store in a fresh temporary directory, with switches that work
    /// as root too (permissions do not stop root, so they are not used):
    /// unavailable = a directory where the session file should be (the file
    /// kept aside meanwhile); failing writes = a directory where the lock file
    /// should be (reads take no lock).
    static func file(coding: any SessionCoding) -> StoreFactory {
        StoreFactory(
            name: "file store, \(coding.formatName)", plugins: [CoveredPlugin(.store, "file-keychain")]
        ) {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-store-\(UUID().uuidString)").path
            let store = FileSessionDataStore(directory: directory, coding: coding)
            let session = store.sessionPath
            let kept = session + ".kept-by-test"
            let files = FileManager.default
            return SessionStoreUnderTest(
                store: store,
                coding: coding,
                failures: SessionStoreFailureSwitches(
                    makeUnavailable: { on in
                        if on {
                            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
                            if files.fileExists(atPath: session) { try files.moveItem(atPath: session, toPath: kept) }
                            try files.createDirectory(atPath: session, withIntermediateDirectories: false)
                        } else {
                            try files.removeItem(atPath: session)
                            if files.fileExists(atPath: kept) { try files.moveItem(atPath: kept, toPath: session) }
                        }
                    },
                    makeWritesFail: { on in
                        if on {
                            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
                            if files.fileExists(atPath: store.lockPath) { try files.removeItem(atPath: store.lockPath) }
                            try files.createDirectory(atPath: store.lockPath, withIntermediateDirectories: false)
                        } else {
                            try files.removeItem(atPath: store.lockPath)
                        }
                    },
                    plantStoredBytes: { data in
                        // As the store's own file would be: 0600 in a 0700 directory.
                        try files.createDirectory(
                            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                        )
                        try? files.removeItem(atPath: session)
                        guard files.createFile(atPath: session, contents: data, attributes: [.posixPermissions: 0o600])
                        else { throw CocoaError(.fileWriteUnknown) }
                    },
                    setAsideCount: {
                        (try? files.contentsOfDirectory(atPath: directory))?.filter { $0.contains(".corrupt-") }.count
                            ?? 0
                    },
                    reportedProblems: { store.problems }
                ),
                untilWritersWait: { await store.untilWritersWait(atLeast: $0) },
                tearDown: { try? files.removeItem(atPath: directory) }
            )
        }
    }
}
