import SimulatedBackend
import Foundation

/// A control request's JSON body with its numbers read exactly. A dictionary
/// from `JSONSerialization` blurs JSON's types on Linux (`true` reads as the
/// number 1; a number too large for `Int`, or a fraction, reads as no `Int` at
/// all, and a default used to take its place), so each value is decoded here
/// into what it is: a whole number that fits `Int`, another number, or
/// something else (a boolean, a string, null, an array, an object).
struct ControlBodyNumbers {
    enum Value: Decodable {
        case integer(Int)
        case number(Double)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let integer = try? container.decode(Int.self) {
                self = .integer(integer)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .other
            }
        }
    }

    private let values: [String: Value]

    /// An empty or non-object body has no fields.
    init(_ body: Data) {
        values = (try? JSONDecoder().decode([String: Value].self, from: body)) ?? [:]
    }

    /// A whole number from `range`; `fallback` when the field is absent.
    /// Anything else is refused with a message naming the field and its range.
    func integer(_ name: String, range: ClosedRange<Int>, fallback: Int) -> Result<Int, BackendRejection> {
        let refusal = BackendRejection.badRequest(
            "\(name) is a whole number from \(range.lowerBound) to \(range.upperBound)")
        switch values[name] {
        case nil: return .success(fallback)
        case .integer(let value): return range.contains(value) ? .success(value) : .failure(refusal)
        case .number, .other: return .failure(refusal)
        }
    }

    /// A finite number from `range`, fraction or not; required.
    func number(_ name: String, range: ClosedRange<Double>) -> Result<Double, BackendRejection> {
        let refusal = BackendRejection.badRequest(
            "\(name) is a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        let value: Double
        switch values[name] {
        case .integer(let integer): value = Double(integer)
        case .number(let number): value = number
        case nil, .other: return .failure(refusal)
        }
        return value.isFinite && range.contains(value) ? .success(value) : .failure(refusal)
    }
}
