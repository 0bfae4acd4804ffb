@testable import DomainCore
import Testing

/// `AdmissionLine`: first come, first served, a place handed over before its
/// call parks is still that call's, and an empty line holds nothing. The
/// waiters are numbers; the line never resumes one itself.
@Suite struct AdmissionLineTests {
    private typealias Line = AdmissionLine<Int>

    /// Reserves `count` places and parks waiter `first + i` at the i-th.
    private func parked(_ count: Int, from first: Int = 0, in line: inout Line) -> [Line.Ticket] {
        (first..<first + count).map { number in
            let ticket = line.reserve()
            let parking = line.park(at: ticket) { number }
            #expect(parking == .parked)
            return ticket
        }
    }

    private func number(_ handover: Line.Handover?) -> Int? {
        guard case .parked(let number) = handover else { return nil }
        return number
    }

    @Test func anEmptyLineLetsNobodyInAndHoldsNoStorage() {
        var line = Line()
        let nobody = line.letFirstIn()
        #expect(nobody == nil)
        #expect(line.isEmpty)
        #expect(line.slotsHeld == 0)
    }

    @Test func waitersAreLetInInTheOrderTheyCameAndTheStorageEmptiesAfterTheLast() {
        var line = Line()
        _ = parked(3, in: &line)
        #expect(line.count == 3)
        let order = (0..<4).map { _ in number(line.letFirstIn()) }
        #expect(order == [0, 1, 2, nil])
        #expect(line.slotsHeld == 0)
    }

    @Test func whenTheLastWaiterLeavesEarlyTheStorageEmptiesAndOldTicketsMatchNobody() {
        var line = Line()
        let tickets = parked(3, in: &line)
        let secondLeft = line.leave(tickets[1])
        let secondLeftTwice = line.leave(tickets[1])
        let first = number(line.letFirstIn())
        let thirdLeft = line.leave(tickets[2])
        #expect(secondLeft == .parked(1) && secondLeftTwice == .notInLine && first == 0 && thirdLeft == .parked(2))
        #expect(line.isEmpty)
        #expect(line.slotsHeld == 0)
        // A newcomer after the reset is not mistaken for a waiter that left.
        let newTicket = parked(1, from: 3, in: &line)[0]
        let firstLeftAfterReset = line.leave(tickets[0])
        let thirdLeftAfterReset = line.leave(tickets[2])
        #expect(firstLeftAfterReset == .notInLine && thirdLeftAfterReset == .notInLine)
        #expect(line.count == 1)
        let newcomerLeft = line.leave(newTicket)
        #expect(newcomerLeft == .parked(3))
    }

    @Test func aPlaceHandedOverBeforeItsCallParksIsClaimedByThatCallAndNobodyIsSkipped() {
        var line = Line()
        let early = line.reserve()
        let second = parked(1, from: 1, in: &line)[0]
        // A call ahead leaves the wire while the first call has only reserved.
        let handover = line.letFirstIn()
        #expect(handover == .reserved)
        #expect(line.count == 1, "the reserved place left the line; the second waits on")
        var made = false
        let parking = line.park(at: early) {
            made = true
            return 0
        }
        #expect(parking == .letIn)
        #expect(!made, "no waiter is made for a place already handed over")
        // Claimed once: the same ticket parking again finds its place gone.
        #expect(line.park(at: early) { 0 } == .gone)
        #expect(number(line.letFirstIn()) == 1)
        #expect(line.leave(second) == .notInLine)
        #expect(line.isEmpty && line.slotsHeld == 0)
    }

    @Test func aCallThatLeavesBeforeParkingFindsItsPlaceGoneAndTheNextIsLetIn() {
        var line = Line()
        let early = line.reserve()
        _ = parked(1, from: 1, in: &line)
        #expect(line.leave(early) == .reserved)
        var made = false
        let parking = line.park(at: early) {
            made = true
            return 0
        }
        #expect(parking == .gone && !made)
        #expect(number(line.letFirstIn()) == 1)
        #expect(line.isEmpty && line.slotsHeld == 0)
    }

    @Test func aHandedOverPlaceCannotBeLeft() {
        var line = Line()
        let early = line.reserve()
        _ = line.letFirstIn()
        #expect(line.leave(early) == .notInLine, "the place is the call's: it claims it when it parks")
        #expect(line.park(at: early) { 0 } == .letIn)
    }

    @Test func aLongLineDropsPassedSlotsAsItGoesAndKeepsItsOrder() {
        var line = Line()
        let tickets = parked(1000, in: &line)
        var order: [Int] = []
        for index in 0..<600 {
            if index.isMultiple(of: 3) { _ = line.leave(tickets[999 - index / 3]) }
            if let next = number(line.letFirstIn()) { order.append(next) }
        }
        #expect(order == Array(0..<600))
        #expect(line.slotsHeld < 1000, "passed slots were dropped while the line was still long")
        while let next = number(line.letFirstIn()) { order.append(next) }
        #expect(order.count == 800, "200 left early from the end")
        #expect(line.isEmpty && line.slotsHeld == 0)
    }
}
