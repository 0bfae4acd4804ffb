import DomainCore

/// Breaks text into lines no wider than a number of columns, at spaces
/// only: a word is never cut (one longer than the line is left whole on a
/// line of its own), so an action's `[name]` or a number always reads as
/// one piece, and an amount never parts from its currency symbol (`-R$
/// 1.500,00`, `+1.391,03 R$` break before or after, never inside). Columns
/// are counted in characters.
enum WordWrap {
    /// The currency symbol an amount keeps beside it (`MoneyFormatter`).
    static let currencySymbol = MoneyFormatter.currencySymbol

    /// Whether the space between `before` and `after` is inside an amount:
    /// the symbol, then the number (pt-BR), or the number, then the symbol
    /// (es-ES). en-US writes no space there.
    static func keepsTogether(_ before: Substring, _ after: Substring) -> Bool {
        let startsWithDigit = after.first?.isNumber ?? false
        let endsWithDigit = before.last?.isNumber ?? false
        return (before.hasSuffix(currencySymbol) && startsWithDigit)
            || (after.hasPrefix(currencySymbol) && endsWithDigit)
    }

    /// The words of `text` split at single spaces, each space inside an
    /// amount kept (the two words are one piece).
    private static func pieces(_ text: String) -> [Substring] {
        var pieces: [Substring] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if let last = pieces.last, !last.isEmpty, !word.isEmpty, keepsTogether(last, word) {
                pieces[pieces.count - 1] = text[last.startIndex..<word.endIndex]
            } else {
                pieces.append(word)
            }
        }
        return pieces
    }

    /// `text` as lines: the first after `first`, the rest after
    /// `continuation`, each at most `columns` wide where the words allow.
    static func lines(_ text: String, first: String, continuation: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        // Empty pieces are the text's runs of spaces, kept inside a line
        // (`·  R$ 10,00`) and dropped where a line breaks.
        for word in pieces(text) {
            if word.isEmpty, !lineHasWord { continue }
            if lineHasWord, !word.isEmpty, line.count + 1 + word.count > columns {
                while line.hasSuffix(" ") { line.removeLast() }
                lines.append(line)
                line = continuation + word
                continue
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// Pieces (an action bar's actions) packed into lines of at most
    /// `columns`, `separator` between two on a line; a piece goes whole to
    /// the next line rather than being split, and only a piece wider than a
    /// line of its own is broken, at its spaces.
    static func packed(
        _ pieces: [String], separator: String, first: String, continuation: String, columns: Int
    ) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasPiece = false
        for piece in pieces {
            if lineHasPiece, line.count + separator.count + piece.count <= columns {
                line += separator + piece
                continue
            }
            if lineHasPiece { lines.append(line) }
            let prefix = lines.isEmpty ? first : continuation
            let pieceLines = Self.lines(piece, first: prefix, continuation: continuation + "  ", columns: columns)
            lines += pieceLines.dropLast()
            line = pieceLines.last ?? prefix
            lineHasPiece = true
        }
        lines.append(line)
        return lines
    }
}
