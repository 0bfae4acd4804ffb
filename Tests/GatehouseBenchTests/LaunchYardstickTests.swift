import Testing

@testable import GatehouseBench

/// Issue 56, item 5: the app's first screen is read against a Foundation
/// hello-world's, launched the same way in the same run, as a ratio with a
/// goal; without the hello-world, the row says so and meets nothing.
@Suite("The first screen beside a Foundation hello-world's")
struct LaunchYardstickTests {
    @Test("A ratio within 1.5× passes, one past it is short, and no hello-world meets nothing")
    func rowsCarryTheRatio() {
        let within = LaunchBench.yardstickRow(app: 0.012, helloWorld: 0.010)
        #expect(within.verdict == .pass)
        #expect(within.figures.contains("1.20×"), "\(within.figures)")
        let past = LaunchBench.yardstickRow(app: 0.020, helloWorld: 0.010)
        #expect(past.verdict == .short)
        let none = LaunchBench.yardstickRow(app: 0.012, helloWorld: nil)
        #expect(none.verdict == .short)
        #expect(none.figures.contains("not measured"))
    }

    @Test("The hello-world is the one built beside the app")
    func yardstickIsBesideTheApp() {
        #expect(LaunchBench.yardstick(beside: "/x/.build/release/app") == "/x/.build/release/hello-foundation")
    }
}
