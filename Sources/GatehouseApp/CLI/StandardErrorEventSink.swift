import Ports

/// `--events stderr`: each session event written to standard error as it is
/// reported, one JSON line (`SessionEventEntry.jsonLine`), escaped for the
/// terminal like every line the app writes. Beside the world's own record
/// and the store's file, never instead of them: stdout stays the screens'.
struct StandardErrorEventSink: SessionEventSink {
    /// Writes one whole line to stderr, from any thread (`Console.errorWriterForAnyThread`).
    let writeLine: @Sendable (String) -> Void

    func record(_ entry: SessionEventEntry) {
        writeLine(entry.jsonLine)
    }
}
