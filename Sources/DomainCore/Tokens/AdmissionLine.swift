import Ports

/// The calls waiting for a place on the wire, first come first served, at
/// O(1) per call: joining, being let in and leaving early (a cancelled
/// caller) each touch one slot.
///
/// A waiter is the promise its call waits on: whoever lets it in completes
/// it with `true`; the caller's cancellation completes it with `false`.
///
/// A waiter's ticket is its position in the order of arrival, so the slot of
/// a ticket is found by subtraction, never by a search. Slots of waiters
/// already let in (or gone) are dropped in bulk once they are most of the
/// storage, so a long storm does not grow it without bound.
struct AdmissionLine {
    /// A place in the line.
    struct Ticket: Equatable {
        fileprivate let position: UInt64
    }

    /// The waiters from `firstPosition` on; nil where one has gone or was let in.
    private var slots: [(any Promise<Bool>)?] = []
    /// The position of `slots[0]`.
    private var firstPosition: UInt64 = 0
    /// The first slot that may still hold a waiter.
    private var head = 0
    /// How many waiters are in the line.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Slots the storage holds, waiting or passed (tests check it falls to
    /// zero when nobody waits).
    var slotsHeld: Int { slots.count }

    /// Puts `waiter` at the end of the line.
    mutating func join(_ waiter: any Promise<Bool>) -> Ticket {
        let ticket = Ticket(position: firstPosition + UInt64(slots.count))
        slots.append(waiter)
        count += 1
        return ticket
    }

    /// Takes the waiter first in line out of it (its promise is the caller's
    /// to complete), or nil when nobody waits.
    mutating func letFirstIn() -> (any Promise<Bool>)? {
        // Every call that leaves the wire asks, and the line is almost
        // always empty: that answer touches no storage.
        guard count > 0 else { return nil }
        while head < slots.count {
            let waiter = slots[head]
            slots[head] = nil
            head += 1
            if let waiter {
                count -= 1
                dropPassedSlots()
                return waiter
            }
        }
        return nil
    }

    /// Takes the waiter of `ticket` out of the line; false when it is no
    /// longer there (it was let in).
    mutating func leave(_ ticket: Ticket) -> Bool {
        guard ticket.position >= firstPosition else { return false }
        let index = Int(ticket.position - firstPosition)
        guard index >= head, index < slots.count, slots[index] != nil else { return false }
        slots[index] = nil
        count -= 1
        dropPassedSlots()
        return true
    }

    /// Lets go of every slot once nobody waits (so an empty line holds no
    /// storage to walk: `count == 0` means `slots` is empty), and of the
    /// slots before `head` once they are at least half the storage: each
    /// slot is moved at most once per time it is passed, so the cost stays
    /// O(1) per call, amortised.
    private mutating func dropPassedSlots() {
        if count == 0 {
            guard !slots.isEmpty else { return }
            firstPosition += UInt64(slots.count)
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= slots.count {
            firstPosition += UInt64(head)
            slots.removeFirst(head)
            head = 0
        }
    }
}
