/// A key the prompt understands, decoded from the bytes a terminal sends.
enum TerminalKey: Sendable, Equatable {
    /// A character to insert (never a control character).
    case character(Character)
    case left, right, home, end, up, down
    /// Backspace (DEL or Ctrl-H): the character before the cursor.
    case backspace
    /// Delete (`ESC [ 3 ~`): the character under the cursor.
    case delete
    /// Ctrl-K: from the cursor to the end.
    case killToEnd
    /// Ctrl-U: from the start to the cursor.
    case killToStart
    /// Ctrl-W: the word before the cursor.
    case killWord
    /// Ctrl-L: clear the screen, keep the line.
    case clearScreen
    /// Ctrl-C: drop the line.
    case cancel
    /// Ctrl-D: end of input on an empty line, else delete.
    case endOfInput
    case tab
    /// Enter (CR or LF).
    case enter
}

/// Turns a terminal's bytes into keys, one byte at a time: UTF-8 characters
/// are assembled, escape sequences (`ESC [ A`, `ESC O H`, `ESC [ 3 ~`, …) are
/// read whole, and any control byte or sequence it does not know is dropped,
/// so it never reaches the line. Pure: no terminal needed.
struct TerminalKeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        /// ESC read.
        case escape
        /// `ESC [` or `ESC O` read, with the parameter bytes so far.
        case sequence(introducer: UInt8, parameters: [UInt8])
        /// A UTF-8 character begun: its bytes so far and how many it has in all.
        case utf8(bytes: [UInt8], length: Int)
    }

    private var state = State.ground
    /// The byte before was a carriage return: a line feed right after it is
    /// the same Enter (pasted CRLF text), not a second, empty line.
    private var afterCarriageReturn = false

    /// The key `byte` completes; nil while a sequence is under way or for a byte that means nothing.
    mutating func decode(_ byte: UInt8) -> TerminalKey? {
        let followsCarriageReturn = afterCarriageReturn
        afterCarriageReturn = byte == 0x0D && isInGround
        if byte == 0x0A, followsCarriageReturn { return nil }
        switch state {
        case .ground:
            return ground(byte)
        case .escape:
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
                state = .sequence(introducer: byte, parameters: [])
            } else {
                // ESC then a key (Alt+key) or a lone ESC: the key is read afresh.
                state = .ground
                return byte == 0x1B ? nil : ground(byte)
            }
            return nil
        case .sequence(let introducer, var parameters):
            if (0x20...0x3F).contains(byte) {
                parameters.append(byte)
                // A runaway sequence is dropped rather than kept forever.
                state = parameters.count > 16 ? .ground : .sequence(introducer: introducer, parameters: parameters)
                return nil
            }
            state = .ground
            return Self.sequenceKey(final: byte, parameters: parameters)
        case .utf8(var bytes, let length):
            guard byte & 0xC0 == 0x80 else {
                state = .ground
                return ground(byte)
            }
            bytes.append(byte)
            guard bytes.count == length else {
                state = .utf8(bytes: bytes, length: length)
                return nil
            }
            state = .ground
            guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else { return nil }
            return .character(character)
        }
    }

    private var isInGround: Bool {
        if case .ground = state { return true }
        return false
    }

    /// The keys `bytes` hold, in order.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [TerminalKey] {
        bytes.compactMap { decode($0) }
    }

    private mutating func ground(_ byte: UInt8) -> TerminalKey? {
        switch byte {
        case 0x01: return .home  // Ctrl-A
        case 0x02: return .left  // Ctrl-B
        case 0x03: return .cancel  // Ctrl-C
        case 0x04: return .endOfInput  // Ctrl-D
        case 0x05: return .end  // Ctrl-E
        case 0x06: return .right  // Ctrl-F
        case 0x08, 0x7F: return .backspace  // Ctrl-H, DEL
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x0B: return .killToEnd  // Ctrl-K
        case 0x0C: return .clearScreen  // Ctrl-L
        case 0x0E: return .down  // Ctrl-N
        case 0x10: return .up  // Ctrl-P
        case 0x15: return .killToStart  // Ctrl-U
        case 0x17: return .killWord  // Ctrl-W
        case 0x1B:
            state = .escape
            return nil
        case 0x00..<0x20: return nil
        case 0x20..<0x80: return .character(Character(Unicode.Scalar(byte)))
        case 0xC2...0xDF: state = .utf8(bytes: [byte], length: 2)
        case 0xE0...0xEF: state = .utf8(bytes: [byte], length: 3)
        case 0xF0...0xF4: state = .utf8(bytes: [byte], length: 4)
        default: return nil  // a stray continuation byte or one UTF-8 never uses
        }
        return nil
    }

    private static func sequenceKey(final: UInt8, parameters: [UInt8]) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch String(decoding: parameters, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            default: return nil
            }
        default: return nil
        }
    }
}
