import Foundation

/// The backend's token records, keyed by the raw token, with the issue order
/// kept beside them so that forgetting the oldest or the long-expired costs
/// a few steps per issued token rather than a pass over the whole table: a
/// long `app serve` signs in as fast after 20,000 sign-ins as after one.
///
/// The order holds an entry for every record and, for a while, entries of
/// records already gone (signed out, exchanged, revoked); those are dropped
/// when they reach the front, and the order is rebuilt from the records
/// once it holds more than twice as many entries as there are records (plus
/// a little), so its size stays bounded by the table's.
struct BackendTokenTable: Sendable {
    private struct Issued: Sendable {
        let raw: String
        let serial: UInt64
    }

    private var records: [String: BackendTokenRecord] = [:]
    private var order: [Issued] = []
    /// Entries of `order` before this index are already dropped.
    private var front = 0
    /// Exchanged tokens serving out their rotation grace, in the order they
    /// were exchanged (so in the order their grace ends).
    private var rotated: [Issued] = []
    private var rotatedFront = 0

    /// Slack in the order before it is rebuilt, so small tables never rebuild.
    private static let orderSlack = 64

    var count: Int { records.count }
    var values: Dictionary<String, BackendTokenRecord>.Values { records.values }

    /// How many entries the issue order holds (for tests: at most twice the
    /// records, plus a small slack).
    var bookkeepingCount: Int { (order.count - front) + (rotated.count - rotatedFront) }

    subscript(raw: String) -> BackendTokenRecord? { records[raw] }

    mutating func insert(_ record: BackendTokenRecord, for raw: String) {
        records[raw] = record
        order.append(Issued(raw: raw, serial: record.serial))
        compactOrderIfSparse()
    }

    /// Marks the token exchanged at `now`: it serves until its grace ends.
    mutating func markRotated(_ raw: String, at now: Date) {
        guard let record = records[raw] else { return }
        records[raw]?.rotatedAt = now
        rotated.append(Issued(raw: raw, serial: record.serial))
    }

    @discardableResult
    mutating func remove(_ raw: String) -> BackendTokenRecord? {
        let removed = records.removeValue(forKey: raw)
        compactOrderIfSparse()
        return removed
    }

    mutating func removeAll(where shouldRemove: (BackendTokenRecord) -> Bool) {
        records = records.filter { !shouldRemove($0.value) }
        compactOrderIfSparse()
    }

    mutating func removeAll() {
        records.removeAll()
        order.removeAll()
        front = 0
        rotated.removeAll()
        rotatedFront = 0
    }

    /// Forgets the exchanged tokens whose grace ended by `now` and the tokens
    /// issued `keepFor` or longer before `now`.
    mutating func forget(rotatedBefore graceEnd: Date, issuedBefore cutoff: Date) {
        while rotatedFront < rotated.count {
            let entry = rotated[rotatedFront]
            guard let record = records[entry.raw], record.serial == entry.serial, let rotatedAt = record.rotatedAt
            else {
                rotatedFront += 1
                continue
            }
            guard rotatedAt <= graceEnd else { break }
            records.removeValue(forKey: entry.raw)
            rotatedFront += 1
        }
        if rotatedFront == rotated.count {
            rotated.removeAll(keepingCapacity: true)
            rotatedFront = 0
        }
        while let oldest = frontRecord(), oldest.record.issuedAt <= cutoff {
            records.removeValue(forKey: oldest.raw)
            front += 1
        }
        compactOrderIfSparse()
    }

    /// Forgets the earliest issued records until at most `limit` are left.
    mutating func forgetOldest(keeping limit: Int) {
        while records.count > max(limit, 0), let oldest = frontRecord() {
            records.removeValue(forKey: oldest.raw)
            front += 1
        }
        compactOrderIfSparse()
    }

    /// The earliest issued record still held, dropping entries of records
    /// already gone on the way.
    private mutating func frontRecord() -> (raw: String, record: BackendTokenRecord)? {
        while front < order.count {
            let entry = order[front]
            if let record = records[entry.raw], record.serial == entry.serial { return (entry.raw, record) }
            front += 1
        }
        return nil
    }

    private mutating func compactOrderIfSparse() {
        if order.count - front > 2 * records.count + Self.orderSlack {
            order = records.map { Issued(raw: $0.key, serial: $0.value.serial) }.sorted { $0.serial < $1.serial }
            front = 0
        } else if front > Self.orderSlack, front * 2 > order.count {
            order.removeFirst(front)
            front = 0
        }
        if rotated.count - rotatedFront > 2 * records.count + Self.orderSlack {
            rotated = records.compactMap { raw, record in
                record.rotatedAt.map { (Issued(raw: raw, serial: record.serial), $0) }
            }.sorted { $0.1 < $1.1 }.map(\.0)
            rotatedFront = 0
        }
    }
}
