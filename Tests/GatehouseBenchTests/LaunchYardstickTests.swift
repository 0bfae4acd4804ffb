import Testing

@testable import GatehouseBench

/// Issue 56, item 5: the app's first screen is read against hello-worlds
/// launched the same way in the same run, as ratios. The goal is set
/// against the one that links what the app links (URLSession); the
/// Foundation-only one is shown beside it with what URLSession's libraries
/// cost alone. A yardstick not built is said so and meets nothing.
@Suite("The first screen beside the hello-worlds")
struct LaunchYardstickTests {
    @Test("Within 1.5× the URLSession hello-world's passes, past it is short; the Foundation one carries no goal")
    func rowsCarryTheRatio() {
        let within = LaunchBench.yardstickRows(app: 0.012, yardsticks: [.foundation: 0.005, .networking: 0.010])
        #expect(within.count == LaunchYardstick.allCases.count)
        let foundation = within[0]
        #expect(foundation.goal == nil && foundation.verdict == nil, "\(foundation)")
        #expect(foundation.figures.contains("2.40×"), "\(foundation.figures)")
        #expect(foundation.figures.contains("2.00× it"), "the floor URLSession sets: \(foundation.figures)")
        #expect(within[1].verdict == .pass)
        #expect(within[1].figures.contains("1.20×"), "\(within[1].figures)")

        let past = LaunchBench.yardstickRows(app: 0.020, yardsticks: [.foundation: 0.005, .networking: 0.010])
        #expect(past[1].verdict == .short)
    }

    @Test("A yardstick not built is said so; the one with the goal then meets nothing")
    func missingYardsticks() {
        let none = LaunchBench.yardstickRows(app: 0.012, yardsticks: [:])
        #expect(none.allSatisfy { $0.figures.contains("not measured") })
        #expect(none[1].verdict == .short)
        #expect(none[0].verdict == nil)
        let onlyFoundation = LaunchBench.yardstickRows(app: 0.012, yardsticks: [.foundation: 0.010])
        #expect(!onlyFoundation[0].figures.contains("alone"), "no floor without the URLSession hello-world")
        #expect(onlyFoundation[1].verdict == .short)
    }

    @Test("Each yardstick is the program of its name built beside the app, and exactly one carries the goal")
    func yardsticksAreBesideTheApp() {
        for yardstick in LaunchYardstick.allCases {
            #expect(yardstick.path(beside: "/x/.build/release/app") == "/x/.build/release/" + yardstick.rawValue)
        }
        #expect(LaunchYardstick.allCases.filter(\.carriesTheGoal) == [.networking])
    }
}
