import Foundation

/// Where a JSON text breaks off, as a person finds it in an editor: "line 3,
/// column 8" (both from 1; a column counts characters, not bytes).
///
/// `JSONSerialization` on Linux says where only in its error's debug text
/// ("Invalid value around character 19.", a byte offset from 0; "Unexpected
/// end of file" for a text cut short). That text is not an API: when it says
/// neither, there is no place (nil), and the caller says only that the text
/// is not JSON.
struct JSONErrorPlace: CustomStringConvertible {
    let line: Int
    let column: Int

    init?(_ error: any Error, in data: Data) {
        let debug = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        let offset: Int
        if let range = debug.range(of: "around character ") {
            let digits = debug[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            guard let parsed = Int(digits), parsed <= data.count else { return nil }
            offset = parsed
        } else if debug.lowercased().contains("end of file") {
            offset = data.count
        } else {
            return nil
        }
        self.init(offset: offset, in: data)
    }

    /// The place of byte `offset` of `data`.
    init(offset: Int, in data: Data) {
        let before = data.prefix(offset)
        let lineFeed = UInt8(ascii: "\n")
        line = before.reduce(1) { $1 == lineFeed ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: lineFeed).map { $0 + 1 } ?? before.startIndex
        column = String(decoding: data[lineStart..<before.endIndex], as: UTF8.self).count + 1
    }

    var description: String { "line \(line), column \(column)" }
}
