public import Foundation
public import Ports
public import Testing

/// A named session for parameterised tests of codings and stores: the
/// sessions every coding must round-trip and every store must keep, awkward
/// text and dates included.
public struct CodingSample: Sendable, CustomTestStringConvertible {
    /// What the sample holds, as a test's argument is named.
    public let name: String
    /// The session itself.
    public let session: UserSession

    /// Makes a sample named `name` of `session`.
    public init(name: String, session: UserSession) {
        self.name = name
        self.session = session
    }

    /// The sample's name, as a test's argument is shown.
    public var testDescription: String { name }

    /// The token text, when the session has one: what must never reach an error.
    public var tokenText: String? { session.token?.token.reveal() }
}

extension CodingSample {
    /// The instant the samples' dates start from.
    public static let start = Date(timeIntervalSince1970: 1_706_774_400)

    /// A token that expires a minute after `start`.
    public static let token = SessionToken(
        token: AccessToken("tok-SECRET-3f9a1c7e"),
        issuedAt: start,
        expiresAt: start.addingTimeInterval(60)
    )

    /// A profile with every field set.
    public static let profile = UserProfile(
        id: "user-1", name: "Ana Souza", email: "ana@example.com", cpf: "12345678909",
        active: true, isDeleted: false
    )

    /// A session with a token and no cached user.
    public static let tokenOnly = CodingSample(
        name: "token only",
        session: UserSession(token: token, cachedUser: nil)
    )

    /// A session with a cached user and no token.
    public static let userOnly = CodingSample(
        name: "cached user only",
        session: UserSession(token: nil, cachedUser: CachedUser(profile: profile, syncedAt: start))
    )

    /// A session with a token and a cached user: the sample most promises use.
    public static let both = CodingSample(
        name: "token and cached user",
        session: UserSession(token: token, cachedUser: CachedUser(profile: profile, syncedAt: start))
    )

    /// A session with neither half (no store keeps one; a coding must carry it).
    public static let neither = CodingSample(
        name: "neither token nor cached user",
        session: UserSession(token: nil, cachedUser: nil)
    )

    /// Awkward text in every string: escapes, separators, NUL, emoji, another script.
    public static let unicode = CodingSample(
        name: "unicode and awkward text in every string",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok-SECRET=%0A\n\r\u{0}é🔑 end"),
                issuedAt: start,
                expiresAt: start.addingTimeInterval(3600)
            ),
            cachedUser: CachedUser(
                profile: UserProfile(
                    id: "id=1%20\nend\n",
                    name: "José Ñandú da Conceição 🇧🇷 日本語 \u{2028}line\u{85}next\r\nend",
                    email: "josé+tag@exemplo.com.br",
                    cpf: "",
                    active: false,
                    isDeleted: true
                ),
                syncedAt: start
            )
        )
    )

    /// Dates with sub-second precision a coding must keep exactly.
    public static let subSecondDates = CodingSample(
        name: "dates with sub-second precision",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok-SECRET-subsecond"),
                issuedAt: Date(timeIntervalSince1970: 1_706_774_400.123_456_789),
                expiresAt: Date(timeIntervalSinceReferenceDate: 728_467_260.000_000_1)
            ),
            cachedUser: CachedUser(
                profile: profile,
                syncedAt: Date(timeIntervalSinceReferenceDate: 0.1)
            )
        )
    )

    /// Dates before 1970, around 2001 and far from both.
    public static let unusualDates = CodingSample(
        name: "dates before 1970, around 2001, and far away",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok-SECRET-unusual"),
                issuedAt: Date(timeIntervalSince1970: -1_234.567_8),
                expiresAt: Date(timeIntervalSinceReferenceDate: -1e-20)
            ),
            cachedUser: CachedUser(
                profile: profile,
                syncedAt: Date(timeIntervalSinceReferenceDate: -0.25)
            )
        )
    )

    /// The distant past and future, and an empty token.
    public static let distantDates = CodingSample(
        name: "distant past and future",
        session: UserSession(
            token: SessionToken(
                token: AccessToken(""),
                issuedAt: .distantPast,
                expiresAt: .distantFuture
            ),
            cachedUser: CachedUser(
                profile: profile, syncedAt: Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude))
        )
    )

    /// Doubles that Foundation's JSON parser on Linux reads back as a
    /// neighbouring double (found by the fuzz harnesses).
    public static let datesJSONNumbersMisread = CodingSample(
        name: "dates a JSON number would not carry exactly",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok-SECRET-misread"),
                issuedAt: Date(timeIntervalSinceReferenceDate: 2.2350711660933375e-83),
                expiresAt: Date(timeIntervalSinceReferenceDate: 1.7976931348623157e308)
            ),
            cachedUser: CachedUser(
                profile: profile, syncedAt: Date(timeIntervalSinceReferenceDate: -2.2250738585072014e-308))
        )
    )

    /// A byte-order mark (U+FEFF) at the start of a string or right after an
    /// escape: Foundation's JSON parser on Linux drops it there (found by the
    /// `session-plist` fuzz harness, in a token read from a property list).
    public static let byteOrderMarks = CodingSample(
        name: "byte-order marks where a JSON parser drops them",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok=%0A\n\u{FEFF}é🔑"),
                issuedAt: start,
                expiresAt: start.addingTimeInterval(60)
            ),
            cachedUser: CachedUser(
                profile: UserProfile(
                    id: "\u{FEFF}user-1", name: "\u{FEFF}\u{FEFF}Ana\r\n\u{FEFF}", email: "a\u{FEFF}@example.com",
                    cpf: "\t\u{FEFF}", active: true, isDeleted: false),
                syncedAt: start)
        )
    )

    /// A backend with no profile route: the profile is what the sign-in knew.
    public static let signInProfile = CodingSample(
        name: "a profile only the sign-in knew",
        session: UserSession(
            token: token,
            cachedUser: CachedUser(profile: .signedIn(as: .cpf("12345678909")), syncedAt: start)
        )
    )

    /// A profile only the sign-in knew, by e-mail, without a token.
    public static let signInProfileByEmail = CodingSample(
        name: "a profile only the sign-in knew, by e-mail, without a token",
        session: UserSession(
            token: nil,
            cachedUser: CachedUser(profile: .signedIn(as: .email("Ana@Example.com")), syncedAt: start)
        )
    )

    /// A session of a backend that issues refresh tokens (OAuth 2.0).
    public static let withRefreshToken = CodingSample(
        name: "token with a refresh token, and cached user",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok-SECRET-access"), issuedAt: start, expiresAt: start.addingTimeInterval(300),
                refreshToken: RefreshToken("rt-SECRET-9c1e\u{FEFF}é🔑")),
            cachedUser: CachedUser(profile: profile, syncedAt: start))
    )

    /// A session that knows its sign-in (`SessionLineage`): processes
    /// sharing a store tell their own session from another by it.
    public static let withLineage = CodingSample(
        name: "token with a refresh token and its sign-in's lineage",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok-SECRET-lineage"), issuedAt: start, expiresAt: start.addingTimeInterval(300),
                refreshToken: RefreshToken("rt-SECRET-lineage"),
                lineage: SessionLineage("0123456789abcdef0123456789abcdef")),
            cachedUser: CachedUser(profile: profile, syncedAt: start))
    )

    /// A session of an OpenID Connect sign-in: its ID token is kept, the mark
    /// of a sign-in a logout ends at the provider too.
    public static let withIDToken = CodingSample(
        name: "token with a refresh token, its lineage and the sign-in's ID token",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok-SECRET-oidc"), issuedAt: start, expiresAt: start.addingTimeInterval(300),
                refreshToken: RefreshToken("rt-SECRET-oidc"),
                lineage: SessionLineage("fedcba9876543210fedcba9876543210"),
                idToken: IDTokenHint("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJpZC1TRUNSRVQifQ.c2ln-SECRET_é")),
            cachedUser: CachedUser(profile: profile, syncedAt: start))
    )

    /// A session that names the backend that issued it (`SessionBackend`):
    /// an app bound to another backend refuses it instead of sending its
    /// tokens, so a coding that dropped the name would lose the session.
    public static let withBackend = CodingSample(
        name: "a session that names its backend",
        session: UserSession(
            token: SessionToken(
                token: AccessToken("tok-SECRET-backend"), issuedAt: start, expiresAt: start.addingTimeInterval(300),
                refreshToken: RefreshToken("rt-SECRET-backend"),
                lineage: SessionLineage("00112233445566778899aabbccddeeff")),
            cachedUser: CachedUser(profile: profile, syncedAt: start),
            backend: SessionBackend(
                "auth=oauth2 baseURL=https://id.example.com/ oauth2={clientId: app, issuer: https://id.example.com/}; "
                    + "user=oauth2-userinfo \"é\" / \\")))

    /// Every sample a coding must round-trip.
    public static let all: [CodingSample] = [
        tokenOnly, userOnly, both, neither, unicode, subSecondDates, unusualDates, distantDates,
        datesJSONNumbersMisread, byteOrderMarks, signInProfile, signInProfileByEmail, withRefreshToken, withLineage,
        withIDToken, withBackend,
    ]

    /// The samples a store must keep: the port says a stored session never has
    /// neither half, and leaves what a store does with such a session open.
    public static let storable: [CodingSample] = all.filter { $0.session.token != nil || $0.session.cachedUser != nil }

    /// `count` sessions that differ in every field, for telling a whole
    /// session from a mix of two.
    public static func distinct(count: Int) -> [UserSession] {
        (0..<count).map { index in
            let issued = start.addingTimeInterval(Double(index) * 7 + 0.5)
            return UserSession(
                token: SessionToken(
                    token: AccessToken("tok-\(index)"),
                    issuedAt: issued,
                    expiresAt: issued.addingTimeInterval(60 + Double(index))
                ),
                cachedUser: CachedUser(
                    profile: UserProfile(
                        id: "user-\(index)", name: "Name \(index)", email: "u\(index)@example.com",
                        cpf: String(repeating: String(index % 10), count: 11),
                        active: index.isMultiple(of: 2), isDeleted: index.isMultiple(of: 3)
                    ),
                    syncedAt: issued.addingTimeInterval(1)
                )
            )
        }
    }
}

/// Every way an error can turn into text (its description, its reflection,
/// its localized description and its dump): what must never hold a secret.
public func everyTextOf(_ error: any Error) -> [String] {
    var dumped = ""
    dump(error, to: &dumped)
    return [String(describing: error), String(reflecting: error), error.localizedDescription, dumped]
}
