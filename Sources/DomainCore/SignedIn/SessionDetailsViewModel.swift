public import Observation
public import Ports

/// "About this session" (docs/spec/signed-in-area.md, "Session details"): who
/// is signed in, when the access in use was issued and until when it holds,
/// and how the session is kept. Read-only: it has no
/// action of its own but back, so it reads what the session and the token
/// manager already know (``SignedInUserReading``, ``SessionTimesReading``)
/// and needs no use-case object. It never holds a token, a password or a PIN.
@MainActor
@Observable
public final class SessionDetailsViewModel {
    /// The access's times as last read; nil before `load()` or when there is
    /// no access in use.
    public private(set) var times: SessionTimes?
    /// A read is in flight.
    public private(set) var isLoading = false
    /// No read has answered yet, or one is in flight: the screen shows its
    /// placeholder (the times are about to come).
    public var showsPlaceholder: Bool { isLoading || !hasRead }
    private var hasRead = false
    @ObservationIgnored private let signedInAs: UserProfile
    @ObservationIgnored private let session: any SignedInUserReading
    @ObservationIgnored private let timesSource: any SessionTimesReading

    /// The details of `user`'s session, with no times until `load()`.
    ///
    /// - Parameters:
    ///   - user: the signed-in user, shown until the session says otherwise.
    ///   - session: who is signed in now (a profile edit shows here at once).
    ///   - times: the token manager, read for the access's times only.
    public init(user: UserProfile, session: any SignedInUserReading, times: any SessionTimesReading) {
        signedInAs = user
        self.session = session
        timesSource = times
    }

    /// The user as the server last said; the signed-in user when the session
    /// names nobody else.
    public var user: UserProfile {
        if let user = session.user, user.id == signedInAs.id { return user }
        return signedInAs
    }

    /// The user's CPF masked for display (`CPF.masked`); nil when the sign-in
    /// knew no CPF, `***` when it is not a valid one.
    public var maskedCPF: String? {
        user.cpf.isEmpty ? nil : CPF(user.cpf)?.masked ?? "***"
    }

    /// Reads the access's times; ignored while a read is in flight.
    public func load() async {
        guard !isLoading else { return }
        isLoading = true
        times = await timesSource.sessionTimes()
        hasRead = true
        isLoading = false
    }
}
