import AdapterInMemory
import Composition
import Foundation
import Ports
import TaskRuntime
import Testing
import CompositionTesting

/// `BackendBoundSessionStore`: every session saved names the backend, and a
/// stored session of another backend, or of none, is never handed on, never
/// deleted and never overwritten.
@Suite("A store bound to its backend")
struct BackendBoundSessionStoreTests {
    static let ours = SessionBackend.naming("auth=http baseURL=http://127.0.0.1:8080")
    static let theirs = SessionBackend.naming("auth=oauth2 baseURL=http://127.0.0.1:8099")
    static let session = UserSession(
        token: SessionToken(
            token: AccessToken("tok-SECRET-bound"), issuedAt: Date(timeIntervalSinceReferenceDate: 0),
            expiresAt: Date(timeIntervalSinceReferenceDate: 60)),
        cachedUser: nil)

    /// What a stored session names: another backend, or none (saved before sessions named one).
    enum Stored: String, CaseIterable, Sendable {
        case anotherBackend, noBackend

        var backend: SessionBackend? { self == .anotherBackend ? BackendBoundSessionStoreTests.theirs : nil }
    }

    @Test("A save names the backend; a read hands the session on as saved")
    func aSaveNamesTheBackend() async throws {
        let raw = InMemorySessionDataStore()
        let bound = BackendBoundSessionStore(raw, backend: Self.ours)
        try await bound.save(Self.session)
        guard case .found(let stored) = await raw.read() else {
            Issue.record("nothing was stored")
            return
        }
        #expect(stored.backend == Self.ours)
        #expect(await bound.read() == .found(Self.session))
    }

    @Test(arguments: Stored.allCases)
    func aSessionOfAnotherBackendIsRefusedAndKept(_ stored: Stored) async throws {
        let raw = InMemorySessionDataStore()
        var theirs = Self.session
        theirs.backend = stored.backend
        try await raw.save(theirs)
        let bound = BackendBoundSessionStore(raw, backend: Self.ours)

        guard case .unavailable(let error) = await bound.read() else {
            Issue.record("another backend's session was handed on")
            return
        }
        #expect(error.description.contains("it is kept, and its tokens are not sent to this backend"))
        #expect(!error.description.contains("tok-SECRET"))
        await #expect(throws: SessionStoreError.self) { try await bound.save(Self.session) }
        await #expect(throws: SessionStoreError.self) { try await bound.delete() }
        let heldOutcome = try await bound.exclusively(waitingAtMost: .seconds(1)) { held in
            await SessionStoreWrite.run { () async throws(SessionStoreError) in try await held.save(Self.session) }
        }
        #expect(throws: SessionStoreError.self) { try heldOutcome.get() }
        #expect(await raw.read() == .found(theirs), "kept as it was")

        // Once the store holds no session (its owner removed it), this backend saves again.
        try await raw.delete()
        #expect(await bound.read() == .absent)
        try await bound.save(Self.session)
        #expect(await bound.read() == .found(Self.session))
    }

    @Test("A backend's name is one bounded line, and its folder tells backends apart")
    func namesAreBoundedAndFoldersDistinct() {
        let hostile = SessionBackend.naming("auth=x\u{1B}[2J\n" + String(repeating: "é", count: 5_000))
        #expect(hostile.text.utf8.count <= SessionBackend.maximumLength)
        #expect(!hostile.text.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(SessionBackend(hostile.text) == hostile, "what is stored reads back")
        let longer = SessionBackend.naming("auth=x\u{1B}[2J\n" + String(repeating: "é", count: 5_001))
        #expect(longer != hostile, "two names that differ past the bound are still two backends")
        #expect(Self.ours.folderName != Self.theirs.folderName)
        #expect(Self.ours.folderName == SessionBackend.naming(Self.ours.text).folderName, "stable")
        #expect(Self.ours.folderName.hasPrefix("http-"), "named by the auth plugin first")
        #expect(
            Self.ours.folderName.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
        #expect(SessionBackend("") == nil)
        #expect(SessionBackend("a\nb") == nil)
    }
}

extension BackendBoundSessionStoreTests {
    @Test("A write before any read reads first: another backend's session is never removed or replaced")
    func aWriteBeforeAnyReadIsChecked() async throws {
        let raw = InMemorySessionDataStore()
        var theirs = Self.session
        theirs.backend = Self.theirs
        try await raw.save(theirs)

        // A launch that finishes a pending sign-out deletes before it reads.
        await #expect(throws: SessionStoreError.self) {
            try await BackendBoundSessionStore(raw, backend: Self.ours).delete()
        }
        await #expect(throws: SessionStoreError.self) {
            try await BackendBoundSessionStore(raw, backend: Self.ours).save(Self.session)
        }
        #expect(await raw.read() == .found(theirs), "kept as it was")

        // On an empty store, or one holding this backend's session, a first write goes through.
        try await raw.delete()
        try await BackendBoundSessionStore(raw, backend: Self.ours).save(Self.session)
        try await BackendBoundSessionStore(raw, backend: Self.ours).delete()
        #expect(await raw.read() == .absent)
    }
}

extension BackendBoundSessionStoreTests {
    @Test(
        "Two Identity Toolkit projects, their keys in variables of their own, are two backends; no key is in the name")
    func firebaseProjectsAreToldApartByTheirKeysVariable() throws {
        func firebase(keyVariable: String) -> AppEnvironment {
            var environment = AppEnvironment.inMemory
            environment.plugins.auth = "firebase"
            environment.pluginSettings = [
                "identityToolkitBaseURL": .text("https://identitytoolkit.googleapis.com/v1/"),
                "secureTokenBaseURL": .text("https://securetoken.googleapis.com/v1/"),
                "webAPIKeyVariable": .text(keyVariable),
            ]
            return environment
        }
        let development = PluginRegistry.standard.sessionBackend(of: firebase(keyVariable: "DEV_FIREBASE_KEY"))
        let production = PluginRegistry.standard.sessionBackend(of: firebase(keyVariable: "PROD_FIREBASE_KEY"))
        #expect(development != production)
        #expect(development.folderName != production.folderName)
        // PATH's value stands for a key: the name carries the variable, never what it holds.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let named = PluginRegistry.standard.sessionBackend(of: firebase(keyVariable: "PATH"))
        #expect(named.text.contains("PATH"))
        #expect(!named.text.contains(path))
    }
}
