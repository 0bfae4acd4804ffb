import Testing

/// The domain's shape on this package (issue 26), and the checks fed fakes:
/// proof that the tests of the real tree can fail.
@Suite("Domain shape")
@MainActor
struct DomainShapeTests {
    private let tree = PackageTree.current()

    private func files(under folder: String) throws -> [(path: String, text: String)] {
        try tree.swiftFiles(under: folder).map { ($0.path, $0.text) }
    }

    // MARK: This package

    @Test("No file in DomainCore is over 350 lines")
    func domainFilesAreShort() throws {
        let domain = try files(under: "Sources/DomainCore")
        #expect(!domain.isEmpty)
        record(DomainShapeChecks.lineLimitViolations(files: domain, limit: DomainShapeChecks.domainFileLineLimit))
    }

    @Test("No DomainCore type conforms to more than three use-case protocols")
    func oneObjectPerUseCase() throws {
        let domain = try files(under: "Sources/DomainCore")
        let useCases = DomainShapeChecks.useCaseProtocols(in: domain)
        // The seams the view models depend on are found, so the check has something to count.
        #expect(useCases["LoginUseCase"] != nil && useCases["PINSettingsUseCases"] != nil)
        record(
            DomainShapeChecks.useCaseConformanceViolations(
                files: domain, useCaseProtocols: useCases, limit: DomainShapeChecks.useCaseProtocolLimit))
    }

    @Test("What is left of the session object is under 250 lines")
    func sessionStateIsSmall() throws {
        let session = try files(under: "Sources/DomainCore/Session").filter { $0.path.hasSuffix("/AuthSession.swift") }
        #expect(session.count == 1)
        record(DomainShapeChecks.lineLimitViolations(files: session, limit: 249))
    }

    @Test("No closure is handed to a domain object after construction, anywhere in Sources/")
    func edgesAreWiredAtConstruction() throws {
        let declaring =
            try files(under: "Sources/Ports") + files(under: "Sources/DomainCore")
            + files(under: "Sources/Composition")
        let names = DomainShapeChecks.lateWiringNames(in: declaring)
        // The one registration left, a port's (a health probe's reports), is among the names checked.
        #expect(names.contains("onReport"))
        for folder in try tree.sourceFolders() {
            for file in try files(under: "Sources/\(folder)") {
                record(DomainShapeChecks.lateWiringViolations(file: file.path, source: file.text, names: names))
            }
        }
    }

    @Test("No DomainCore type offers a registration or a closure property that is not a port's")
    func theDomainOffersNoRegistration() throws {
        let domain = try files(under: "Sources/DomainCore")
        #expect(!domain.isEmpty)
        record(DomainShapeChecks.domainRegistrationViolations(domain: domain, ports: try files(under: "Sources/Ports")))
    }

    // MARK: The checks, fed fakes

    @Test("A domain registration is named even when it is made in an initialiser; a port's is not")
    func domainRegistrationFails() {
        let port = """
            public protocol HealthProbe: Sendable {
                func onReport(_ handler: @escaping @Sendable (ServerHealth) async -> Void)
            }
            """
        let domain = """
            public actor TokenManager {
                public nonisolated func onSessionEnded(_ handler: @escaping Handler) {}
                public var onChanged: (@MainActor () -> Void)?
                private var hidden: () -> Void = {}
            }
            public final class Relayed: HealthProbe {
                public func onReport(_ handler: @escaping @Sendable (ServerHealth) async -> Void) {}
            }
            public final class SessionEnd {
                init(tokenManager: TokenManager) {
                    tokenManager.onSessionEnded { _ in }
                }
            }
            """
        let violations = DomainShapeChecks.domainRegistrationViolations(
            domain: [("Sources/DomainCore/T.swift", domain)], ports: [("Sources/Ports/H.swift", port)])
        #expect(violations.compactMap(\.line) == [2, 3])
        #expect(violations.first?.problem.hasPrefix("offers `onSessionEnded`") == true)
    }

    @Test("A file over the limit is named, one at the limit is not")
    func lineLimitFails() {
        let atLimit = String(repeating: "x\n", count: 3)
        let over = String(repeating: "x\n", count: 4)
        let violations = DomainShapeChecks.lineLimitViolations(
            files: [("Sources/DomainCore/A.swift", atLimit), ("Sources/DomainCore/B.swift", over)], limit: 3)
        #expect(violations.map(\.file) == ["Sources/DomainCore/B.swift"])
    }

    @Test("Four use-case protocols over a declaration and extensions are one too many")
    func useCaseLimitFails() {
        let protocols = """
            public protocol LoginUseCase: AnyObject {}
            public protocol LogoutUseCase: AnyObject {}
            public protocol AuthStateReading: AnyObject {}
            public protocol PINSettingsUseCases: AnyObject {}
            public protocol Unrelated {}
            public typealias ExpiredUseCases = LoginUseCase & LogoutUseCase
            """
        let godObject = """
            public final class Session: LoginUseCase, Unrelated {
            }
            extension Session: AuthStateReading,
                PINSettingsUseCases
            {}
            extension Session: ExpiredUseCases {}
            final class Small: LoginUseCase, LogoutUseCase, AuthStateReading, Unrelated {}
            """
        let files = [("Sources/DomainCore/P.swift", protocols), ("Sources/DomainCore/S.swift", godObject)]
        let useCases = DomainShapeChecks.useCaseProtocols(in: files)
        #expect(useCases["Unrelated"] == nil)
        #expect(useCases["ExpiredUseCases"] == ["LoginUseCase", "LogoutUseCase"])
        let violations = DomainShapeChecks.useCaseConformanceViolations(
            files: files, useCaseProtocols: useCases, limit: 3)
        #expect(violations.count == 1)
        #expect(violations.first?.problem.hasPrefix("Session conforms to 4 use-case protocols") == true)
    }

    @Test("A closure handed over after construction is named; a registration in an initialiser or a forwarder is not")
    func lateWiringFails() {
        let domain = """
            public final class TokenManager {
                public nonisolated func onSessionEnded(_ handler: @escaping Handler) {}
                public var onChanged: (@MainActor () -> Void)?
                private var hidden: () -> Void = {}
            }
            """
        let names = DomainShapeChecks.lateWiringNames(in: [("Sources/DomainCore/T.swift", domain)])
        #expect(names == ["onSessionEnded", "onChanged"])
        let container = """
            final class Container {
                let tokenManager: TokenManager
                init(tokenManager: TokenManager) {
                    self.tokenManager = tokenManager
                    tokenManager.onSessionEnded { _ in }
                    self.onChanged = {}
                    if true { tokenManager.onChanged = {} }
                }
                func wire() {
                    tokenManager.onSessionEnded { [weak self] _ in
                        await self?.ended()
                    }
                    tokenManager.onChanged = { print("x") }
                    let same = tokenManager.onChanged == nil
                }
                func onSessionEnded(_ handler: @escaping Handler) {
                    tokenManager.onSessionEnded(handler)
                }
                func onOther(_ handler: @escaping Handler) {
                    tokenManager.onSessionEnded(handler)
                }
            }
            """
        let violations = DomainShapeChecks.lateWiringViolations(
            file: "Sources/Composition/C.swift", source: container, names: names)
        #expect(violations.compactMap(\.line) == [7, 10, 13, 20])
    }

    /// One issue per violation, so each names its own file and line in the test output.
    private func record(_ violations: [ArchitectureViolation]) {
        for violation in violations {
            Issue.record(Comment(rawValue: violation.description))
        }
    }
}
