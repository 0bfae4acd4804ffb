public import Ports
import Synchronization

/// `SessionEventSink` as a file a person can read afterwards: one JSON line
/// per event (`SessionEventEntry.jsonLine`) in `events.jsonl` under the
/// app's data directory, bounded and rotated by `BoundedLineLog` (1 MiB a
/// file, so about 2 MiB in all), written whole by every process that shares
/// the directory.
///
/// A file that cannot be written (a full disk, a read-only directory) never
/// stops the app and never throws: the entry is dropped, and the first such
/// failure — only the first — is told to `onFailure`, whose text says what
/// failed and never what the entry held.
public final class FileSessionEventLog: SessionEventSink {
    /// The file's name in its directory.
    public static let fileName = "events.jsonl"

    private let log: BoundedLineLog
    private let onFailure: @Sendable (String) -> Void
    private let failureSaid = Mutex(false)

    /// A log in `directory`.
    ///
    /// - Parameters:
    ///   - directory: where the file lives (made 0700 when missing).
    ///   - maximumBytes: the bound of one file before it is rotated.
    ///   - onFailure: told the first failure to write, once.
    public init(
        directory: String, maximumBytes: Int = 1_048_576, onFailure: @escaping @Sendable (String) -> Void
    ) {
        log = BoundedLineLog(directory: directory, fileName: Self.fileName, maximumBytes: maximumBytes)
        self.onFailure = onFailure
    }

    public func record(_ entry: SessionEventEntry) {
        do throws(BoundedLineLogError) {
            try log.append(entry.jsonLine)
        } catch {
            let first = failureSaid.withLock { said in
                defer { said = true }
                return !said
            }
            if first { onFailure("session events cannot be written to \(log.directory): \(error)") }
        }
    }

    /// The last `count` lines written, oldest first.
    ///
    /// - Throws: `BoundedLineLogError.unreadable` when the file cannot be read.
    public func lastLines(_ count: Int) throws(BoundedLineLogError) -> [String] {
        try log.lastLines(count)
    }

    /// The last `count` lines written, oldest first, and why a rotated file
    /// that is not the log's own was skipped.
    public func readLastLines(_ count: Int) throws(BoundedLineLogError) -> BoundedLineLog.LastLines {
        try log.readLastLines(count)
    }
}
