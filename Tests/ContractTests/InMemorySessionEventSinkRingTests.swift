import AdapterInMemory
import Foundation
import Ports
import Testing

/// The in-memory event record keeps its last `capacity` entries in a ring
/// (each new entry takes the oldest's place once full): the order it gives
/// back, oldest first, after wrapping round many times, and its count
/// (what the soak's warm-up asks at every cycle) without a copy.
@Suite("The in-memory event record's ring")
struct InMemorySessionEventSinkRingTests {
    /// The `index`th entry: told apart by its time.
    private func entry(_ index: Int) -> SessionEventEntry {
        SessionEventEntry(
            time: Date(timeIntervalSinceReferenceDate: Double(index)), process: 1, event: .signedIn(.passwordByCPF))
    }

    @Test(
        "Past its capacity it gives back the newest entries, oldest first, however often it wrapped",
        arguments: [1, 3, 7])
    func keepsTheNewestInOrder(capacity: Int) {
        let sink = InMemorySessionEventSink(capacity: capacity)
        for index in 0..<(capacity - 1) { sink.record(entry(index)) }
        #expect(sink.count == capacity - 1)
        #expect(sink.entries.map(\.time) == (0..<(capacity - 1)).map { entry($0).time })

        let recorded = capacity * 5 + 2
        for index in (capacity - 1)..<recorded { sink.record(entry(index)) }
        #expect(sink.count == capacity)
        #expect(sink.entries.map(\.time) == ((recorded - capacity)..<recorded).map { entry($0).time })
    }
}
