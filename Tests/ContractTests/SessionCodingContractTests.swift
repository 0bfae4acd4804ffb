import PortContracts
import Ports
import Testing

/// The `SessionCoding` contract (see the port's doc comment), as the
/// `PortContracts` library checks it, run against every coding in
/// `CodingUnderTest.all`: each promise of `SessionCodingContract.Promise`.
/// What only several codings together can show stays here.
@Suite("SessionCoding contract")
struct SessionCodingContractTests {
    @Test(
        "Every coding keeps each promise of the port",
        arguments: CodingUnderTest.all, SessionCodingContract.Promise.allCases)
    func everyCodingKeepsThePromise(_ sut: CodingUnderTest, _ promise: SessionCodingContract.Promise) throws {
        try SessionCodingContract.check(promise, on: sut.underTest)
    }

    @Test(
        "A coding refuses another coding's output as not a session",
        arguments: CodingUnderTest.pairs)
    func decode_throwsNotASessionOnAnotherCodingsOutput(_ pair: CodingPair) throws {
        for sample in CodingSample.all {
            let result = SessionCodingContract.decodeResult(
                pair.reader.coding, try pair.writer.coding.encode(sample.session))

            #expect(result.failure?.isNotASession == true, "\(sample.name): got \(result)")
        }
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
