import Composition
import Foundation

/// The charts of a bench run as SVG, written by hand (no package): the
/// storm (refreshes and requests on the wire per N, Gatehouse against the
/// naive client, the reactive storm over HTTP) and the overhead (p50 as a
/// multiple of raw URLSession + JSON, per concurrency).
public enum BenchCharts {
    /// Each chart's file name and text; a chart whose scenario did not run is left out.
    public static func svgFiles(for report: BenchReport) -> [(name: String, svg: String)] {
        var files: [(String, String)] = []
        if let storm = report.scenarios.first(where: { $0.scenario == "storm" }), let svg = stormChart(storm) {
            files.append(("storm.svg", svg))
        }
        if let overhead = report.scenarios.first(where: { $0.scenario == "overhead" }),
            let svg = overheadChart(overhead)
        {
            files.append(("overhead.svg", svg))
        }
        return files
    }

    /// Writes the charts into `directory` (made when missing); returns the paths written.
    public static func write(_ report: BenchReport, to directory: String) throws(BenchSetupError) -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            return try svgFiles(for: report).map { file in
                let path = (directory as NSString).appendingPathComponent(file.name)
                try Data(file.svg.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                return path
            }
        } catch {
            throw BenchSetupError("cannot write the charts into \(directory): \(error.localizedDescription)")
        }
    }

    // MARK: - The two charts

    private static let gatehouseColour = "#2f6fb0"
    private static let naiveColour = "#d0643a"

    private static func stormChart(_ storm: BenchScenarioReport) -> String? {
        func series(_ contender: String) -> [(Int, Double, Double)] {
            storm.rows.filter { $0.label.hasPrefix("http reactive N=") && $0.label.hasSuffix(" \(contender)") }
                .compactMap { row in
                    guard let n = row.numbers["n"], let refreshes = row.numbers["refreshesMax"],
                        let wire = row.numbers["requestsOnTheWireMax"]
                    else { return nil }
                    return (Int(n), refreshes, wire)
                }
        }
        let gatehouse = series("gatehouse")
        let naive = series("naive")
        guard !gatehouse.isEmpty, gatehouse.count == naive.count else { return nil }
        let groups = gatehouse.map { "N=\($0.0)" }
        let panels = [
            Panel(
                title: "Refreshes the server saw", groups: groups,
                bars: [
                    ("Gatehouse", gatehouseColour, gatehouse.map(\.1)), ("naive per-401", naiveColour, naive.map(\.1)),
                ]),
            Panel(
                title: "GET /users/me requests on the wire", groups: groups,
                bars: [
                    ("Gatehouse", gatehouseColour, gatehouse.map(\.2)), ("naive per-401", naiveColour, naive.map(\.2)),
                ]),
        ]
        return svg(
            title: "Reactive refresh storm over HTTP: N calls meet a token the server has expired (log scale)",
            panels: panels, logarithmic: true)
    }

    private static func overheadChart(_ overhead: BenchScenarioReport) -> String? {
        func series(_ suffix: String) -> [(Int, Double)] {
            overhead.rows.filter { $0.label.hasSuffix("· \(suffix)") }.compactMap { row in
                guard let concurrency = row.numbers["concurrency"], let ratio = row.numbers["p50Ratio"] else {
                    return nil
                }
                return (Int(concurrency), ratio)
            }
        }
        let gatehouse = series(OverheadBench.Contender.gatehouse.rawValue)
        let raw = series(OverheadBench.Contender.raw.rawValue)
        guard !gatehouse.isEmpty, gatehouse.count == raw.count else { return nil }
        let groups = gatehouse.map { $0.0 == 1 ? "one at a time" : "\($0.0) in flight" }
        let panel = Panel(
            title: "p50 latency ÷ raw URLSession + JSONSerialization (1.00 = the baseline; goal ≤ 1.05 one at a time)",
            groups: groups,
            bars: [
                ("the composed app", gatehouseColour, gatehouse.map(\.1)),
                ("raw URLSession", "#8a8a8a", raw.map(\.1)),
            ],
            referenceLine: 1.0)
        return svg(
            title: "GET /challenge/list over loopback: the cost of the adapter", panels: [panel], logarithmic: false)
    }

    // MARK: - Drawing

    private struct Panel {
        let title: String
        let groups: [String]
        let bars: [(name: String, colour: String, values: [Double])]
        var referenceLine: Double? = nil
    }

    private static func svg(title: String, panels: [Panel], logarithmic: Bool) -> String {
        let width = 720.0
        let panelHeight = 240.0
        let top = 40.0
        let height = top + Double(panels.count) * (panelHeight + 30) + 30
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
                + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
            "<text x=\"\(Int(width / 2))\" y=\"24\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">\(escape(title))</text>",
        ]
        for (index, panel) in panels.enumerated() {
            let y = top + Double(index) * (panelHeight + 30)
            parts += draw(panel, x: 60, y: y, width: width - 80, height: panelHeight, logarithmic: logarithmic)
        }
        // The legend, from the first panel.
        var legendX = 60.0
        let legendY = height - 16
        for bar in panels.first?.bars ?? [] {
            parts.append(
                "<rect x=\"\(fmt(legendX))\" y=\"\(fmt(legendY - 10))\" width=\"12\" height=\"12\" fill=\"\(bar.colour)\"/>"
            )
            parts.append("<text x=\"\(fmt(legendX + 16))\" y=\"\(fmt(legendY))\">\(escape(bar.name))</text>")
            legendX += 40 + Double(bar.name.count) * 7
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private static func draw(_ panel: Panel, x: Double, y: Double, width: Double, height: Double, logarithmic: Bool)
        -> [String]
    {
        let plotTop = y + 22
        let plotHeight = height - 44
        let baseline = plotTop + plotHeight
        let largest = max(panel.bars.flatMap(\.values).max() ?? 1, panel.referenceLine ?? 0, 1)
        let scaleTop = logarithmic ? pow(10, (log10(largest)).rounded(.up)) : largest * 1.15
        func scaled(_ value: Double) -> Double {
            guard value > 0 else { return 0 }
            if logarithmic { return plotHeight * log10(value + 1) / log10(scaleTop + 1) }
            return plotHeight * value / scaleTop
        }
        var parts = [
            "<text x=\"\(fmt(x))\" y=\"\(fmt(y + 12))\" font-weight=\"bold\">\(escape(panel.title))</text>",
            "<line x1=\"\(fmt(x))\" y1=\"\(fmt(baseline))\" x2=\"\(fmt(x + width))\" y2=\"\(fmt(baseline))\" stroke=\"#333\"/>",
        ]
        // Grid lines: powers of ten, or four even steps.
        let ticks: [Double] =
            logarithmic
            ? (0...Int(log10(scaleTop))).map { pow(10, Double($0)) }
            : (1...4).map { scaleTop * Double($0) / 4 }
        for tick in ticks {
            let tickY = baseline - scaled(tick)
            parts.append(
                "<line x1=\"\(fmt(x))\" y1=\"\(fmt(tickY))\" x2=\"\(fmt(x + width))\" y2=\"\(fmt(tickY))\" stroke=\"#ddd\"/>"
            )
            parts.append(
                "<text x=\"\(fmt(x - 6))\" y=\"\(fmt(tickY + 4))\" text-anchor=\"end\" fill=\"#555\">\(label(tick))</text>"
            )
        }
        if let reference = panel.referenceLine {
            let referenceY = baseline - scaled(reference)
            parts.append(
                "<line x1=\"\(fmt(x))\" y1=\"\(fmt(referenceY))\" x2=\"\(fmt(x + width))\" y2=\"\(fmt(referenceY))\" "
                    + "stroke=\"#333\" stroke-dasharray=\"4 3\"/>")
        }
        let groupWidth = width / Double(max(panel.groups.count, 1))
        let barWidth = min(48, groupWidth * 0.7 / Double(max(panel.bars.count, 1)))
        for (groupIndex, group) in panel.groups.enumerated() {
            let groupX = x + Double(groupIndex) * groupWidth
            let barsWidth = barWidth * Double(panel.bars.count)
            for (barIndex, bar) in panel.bars.enumerated() where groupIndex < bar.values.count {
                let value = bar.values[groupIndex]
                let barHeight = scaled(value)
                let barX = groupX + (groupWidth - barsWidth) / 2 + Double(barIndex) * barWidth
                parts.append(
                    "<rect x=\"\(fmt(barX))\" y=\"\(fmt(baseline - barHeight))\" width=\"\(fmt(barWidth - 2))\" "
                        + "height=\"\(fmt(barHeight))\" fill=\"\(bar.colour)\"/>")
                parts.append(
                    "<text x=\"\(fmt(barX + barWidth / 2 - 1))\" y=\"\(fmt(baseline - barHeight - 4))\" "
                        + "text-anchor=\"middle\" font-size=\"11\">\(label(value))</text>")
            }
            parts.append(
                "<text x=\"\(fmt(groupX + groupWidth / 2))\" y=\"\(fmt(baseline + 16))\" text-anchor=\"middle\">\(escape(group))</text>"
            )
        }
        return parts
    }

    private static func label(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : BenchFormat.fixed(value, 2)
    }

    private static func fmt(_ value: Double) -> String { BenchFormat.fixed(value, 1) }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
