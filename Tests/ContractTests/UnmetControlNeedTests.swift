import Testing

/// A control need a fixture's stand-in cannot serve fails the test that
/// needs it, naming the need and the fixture: never a skip, never a pass.
@Suite("An unmet control need fails loudly")
struct UnmetControlNeedTests {
    @Test("A fault on a route Supabase Auth does not have is refused, naming the operation and the fixture")
    func aFaultTheStandInCannotServeNamesItself() async throws {
        let fixture = try SupabaseRemoteFixture()

        let error = await #expect(throws: UnmetControlNeed.self) {
            try await fixture.injectFault(.drop, on: .statement)
        }

        #expect(error?.fixture == "SupabaseRemoteFixture")
        #expect(error?.description.contains("statement") == true)
    }
}
