import Composition
import GatehouseBench
import Testing

/// The charts `gatehouse-bench --svg DIR` writes are drawn from the report's
/// numbers: a bar per contender and N, labelled with its value.
@Suite("The bench's charts")
struct BenchChartTests {
    private static func stormRow(_ n: Int, _ contender: String, refreshes: Double, wire: Double) -> BenchRow {
        BenchRow(
            label: "http reactive N=\(n) \(contender)", figures: "",
            numbers: ["n": Double(n), "refreshesMax": refreshes, "requestsOnTheWireMax": wire])
    }

    @Test("The storm chart shows refreshes and requests on the wire per N, Gatehouse against naive")
    func stormChart() throws {
        let storm = BenchScenarioReport(
            scenario: "storm", setup: "",
            rows: [
                Self.stormRow(10, "gatehouse", refreshes: 1, wire: 16),
                Self.stormRow(10, "naive", refreshes: 10, wire: 11),
                Self.stormRow(1000, "gatehouse", refreshes: 1, wire: 1006),
                Self.stormRow(1000, "naive", refreshes: 1000, wire: 1000),
            ])
        let files = BenchCharts.svgFiles(for: BenchReport(quick: true, scenarios: [storm]))
        #expect(files.map(\.name) == ["storm.svg"])
        let svg = try #require(files.first?.svg)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        for text in [">N=10<", ">N=1000<", ">1006<", ">1000<", ">Gatehouse<", ">naive per-401<"] {
            #expect(svg.contains(text), "\(text)")
        }
        // Two panels of two contenders at two sizes: eight bars, two legend keys, the background.
        #expect(svg.components(separatedBy: "<rect").count - 1 == 11)
    }

    @Test("No chart for a scenario that did not run")
    func noChartWithoutData() {
        #expect(BenchCharts.svgFiles(for: BenchReport(quick: true, scenarios: [])).isEmpty)
    }
}
