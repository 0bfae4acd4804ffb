/// "Did you mean": the known word closest to a mistyped one, when it is close
/// enough to be a slip (`tapp` → `tap`, `sign_in` → `sign-in`).
enum NearMiss {
    /// The candidate at the smallest edit distance from `word`, if that
    /// distance is 1, or 2 for words of five letters or more; nil otherwise
    /// (and for `word` itself). Between candidates equally far, the one that
    /// shares the longer start with `word` wins (a word cut short, `typ`, is
    /// `type`, not `tap`), then the first in alphabetical order.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let limit = word.count >= 5 ? 2 : 1
        let scored = candidates.filter { $0 != word }
            .map { (word: $0, distance: distance(word, $0), sharedStart: sharedStart(word, $0)) }
            .filter { $0.distance <= limit }
        return scored.min { first, second in
            if first.distance != second.distance { return first.distance < second.distance }
            if first.sharedStart != second.sharedStart { return first.sharedStart > second.sharedStart }
            return first.word < second.word
        }?.word
    }

    /// How many characters the two words share from their start.
    private static func sharedStart(_ first: String, _ second: String) -> Int {
        zip(first, second).prefix { $0 == $1 }.count
    }

    /// The edit distance counting insertions, deletions, substitutions and a
    /// swap of two neighbours (`hlep` → `help`) as one each.
    static func distance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
