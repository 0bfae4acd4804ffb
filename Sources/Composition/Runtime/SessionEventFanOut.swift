import Ports

/// Gives each entry to every sink, in order: the world's own record and a
/// team's sink see the same events.
struct SessionEventFanOut: SessionEventSink {
    let sinks: [any SessionEventSink]

    func record(_ entry: SessionEventEntry) {
        for sink in sinks { sink.record(entry) }
    }
}
