@testable import DomainCore
import Ports
import Testing

/// `AdmissionLine`: first come, first served, and an empty line holds nothing.
@Suite struct AdmissionLineTests {
    /// A waiter known by its number; the line never completes one itself.
    private struct NumberedWaiter: Promise {
        let number: Int
        var value: Bool { get async { true } }
        func complete(with value: Bool) {}
    }

    private func waiters(_ count: Int, from first: Int = 0) -> [any Promise<Bool>] {
        (first..<first + count).map { NumberedWaiter(number: $0) }
    }

    private func number(_ waiter: (any Promise<Bool>)?) -> Int? {
        (waiter as? NumberedWaiter)?.number
    }

    @Test func anEmptyLineLetsNobodyInAndHoldsNoStorage() {
        var line = AdmissionLine()
        let nobody = line.letFirstIn()
        #expect(nobody == nil)
        #expect(line.isEmpty)
        #expect(line.slotsHeld == 0)
    }

    @Test func waitersAreLetInInTheOrderTheyCameAndTheStorageEmptiesAfterTheLast() {
        var line = AdmissionLine()
        let promises = waiters(3)
        for promise in promises { _ = line.join(promise) }
        #expect(line.count == 3)
        let order = (0..<4).map { _ in number(line.letFirstIn()) }
        #expect(order == [0, 1, 2, nil])
        #expect(line.slotsHeld == 0)
    }

    @Test func whenTheLastWaiterLeavesEarlyTheStorageEmptiesAndOldTicketsMatchNobody() {
        var line = AdmissionLine()
        let promises = waiters(3)
        let tickets = promises.map { line.join($0) }
        let secondLeft = line.leave(tickets[1])
        let secondLeftTwice = line.leave(tickets[1])
        let first = number(line.letFirstIn())
        let thirdLeft = line.leave(tickets[2])
        #expect(secondLeft && !secondLeftTwice && first == 0 && thirdLeft)
        #expect(line.isEmpty)
        #expect(line.slotsHeld == 0)
        // A newcomer after the reset is not mistaken for a waiter that left.
        let newcomer = waiters(1, from: 3)[0]
        let newTicket = line.join(newcomer)
        let firstLeftAfterReset = line.leave(tickets[0])
        let thirdLeftAfterReset = line.leave(tickets[2])
        #expect(!firstLeftAfterReset && !thirdLeftAfterReset)
        #expect(line.count == 1)
        let newcomerLeft = line.leave(newTicket)
        #expect(newcomerLeft)
    }
}
