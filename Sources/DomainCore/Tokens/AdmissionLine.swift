/// The calls waiting for a place on the wire, first come first served, at
/// O(1) per call: taking a place in line, parking in it, being let in and
/// leaving early (a cancelled caller) each touch one slot.
///
/// A call takes its place in two steps, each under the token manager's lock:
/// it *reserves* a place when it finds every place on the wire taken (its
/// first look), then *parks* its waiter there (the continuation it waits
/// on). A call ahead that leaves the wire meanwhile may find the place still
/// only reserved: it hands the place over all the same, and the call claims
/// it when it comes to park. So the line keeps arrival order, and nobody is
/// skipped for being a moment late to park.
///
/// A ticket is its place's position in the order of arrival, so the slot of
/// a ticket is found by subtraction, never by a search. Slots of waiters
/// already let in (or gone) are dropped in bulk once they are most of the
/// storage, so a long storm does not grow it without bound.
///
/// Generic over the waiter so that its tests can use plain numbers; the
/// token manager's waiter is a continuation (`AdmissionWaiter`).
struct AdmissionLine<Waiter> {
    /// A place in the line.
    struct Ticket: Equatable {
        fileprivate let position: UInt64
    }

    /// What a call ahead that leaves the wire finds first in line.
    enum Handover {
        /// A parked waiter, taken out of the line: resume it, let in.
        case parked(Waiter)
        /// A place only reserved: it is the reserving call's, which learns
        /// so when it comes to park (`park` answers `.letIn`).
        case reserved
    }

    /// What a call coming to park at its ticket finds.
    enum Parking {
        /// Parked: a call ahead will hand the place over, or the call's
        /// cancellation will take the waiter out.
        case parked
        /// A call ahead handed the place over before the call came to park.
        case letIn
        /// The place is gone: the call's cancellation left the line first.
        case gone
    }

    /// What leaving early found at a ticket.
    enum Leaving {
        /// The waiter was parked there: it is out of the line, to be resumed
        /// as not let in.
        case parked(Waiter)
        /// The place was reserved and nobody parked yet: it is out of the
        /// line, and the call will find it gone when it comes to park.
        case reserved
        /// Nothing there to take out: the place was handed over already (or
        /// the ticket is unknown).
        case notInLine
    }

    private enum Slot {
        case reserved
        case parked(Waiter)
        /// Let in, or gone.
        case passed
    }

    /// The places from `firstPosition` on.
    private var slots: [Slot] = []
    /// The position of `slots[0]`.
    private var firstPosition: UInt64 = 0
    /// The first slot that may still hold a place.
    private var head = 0
    /// How many places are in the line, reserved or parked.
    private(set) var count = 0
    /// Places handed over while only reserved, not yet claimed by their
    /// calls. A call claims its place with the very next step it takes, so
    /// there are a handful at most (one per thread between two steps).
    private var handedOverUnclaimed: [UInt64] = []

    var isEmpty: Bool { count == 0 }

    /// Slots the storage holds, waiting or passed (tests check it falls to
    /// zero when nobody waits).
    var slotsHeld: Int { slots.count }

    /// Reserves a place at the end of the line.
    mutating func reserve() -> Ticket {
        let ticket = Ticket(position: firstPosition + UInt64(slots.count))
        slots.append(.reserved)
        count += 1
        return ticket
    }

    /// Parks the waiter `waiter` makes at the place `ticket` reserved,
    /// unless the place was handed over or left meanwhile (then no waiter
    /// is made: a waiter made is a waiter parked).
    mutating func park(at ticket: Ticket, _ waiter: () -> Waiter) -> Parking {
        if let index = handedOverUnclaimed.firstIndex(of: ticket.position) {
            handedOverUnclaimed.remove(at: index)
            return .letIn
        }
        guard let index = index(of: ticket), case .reserved = slots[index] else { return .gone }
        slots[index] = .parked(waiter())
        return .parked
    }

    /// Takes the first place in line out of it, or nil when nobody waits.
    mutating func letFirstIn() -> Handover? {
        // Every call that leaves the wire asks, and the line is almost
        // always empty: that answer touches no storage.
        guard count > 0 else { return nil }
        while head < slots.count {
            let slot = slots[head]
            slots[head] = .passed
            let position = firstPosition + UInt64(head)
            head += 1
            switch slot {
            case .passed:
                continue
            case .reserved:
                count -= 1
                handedOverUnclaimed.append(position)
                dropPassedSlots()
                return .reserved
            case .parked(let waiter):
                count -= 1
                dropPassedSlots()
                return .parked(waiter)
            }
        }
        return nil
    }

    /// Takes the place of `ticket` out of the line, if it is still there.
    mutating func leave(_ ticket: Ticket) -> Leaving {
        guard let index = index(of: ticket) else { return .notInLine }
        let leaving: Leaving
        switch slots[index] {
        case .passed: return .notInLine
        case .reserved: leaving = .reserved
        case .parked(let waiter): leaving = .parked(waiter)
        }
        slots[index] = .passed
        count -= 1
        dropPassedSlots()
        return leaving
    }

    /// The slot of `ticket`, if it is still held and not yet passed by the head.
    private func index(of ticket: Ticket) -> Int? {
        guard ticket.position >= firstPosition else { return nil }
        let index = Int(ticket.position - firstPosition)
        guard index >= head, index < slots.count else { return nil }
        return index
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

// Compared in tests, with numbers for waiters.
extension AdmissionLine.Handover: Equatable where Waiter: Equatable {}
extension AdmissionLine.Leaving: Equatable where Waiter: Equatable {}
