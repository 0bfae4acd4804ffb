import Ports

/// ID tokens made by Python's `cryptography` (50.0.2) with keys it
/// generated, and the provider's key set (the RSA key and the P-256 key,
/// each with its `kid`): the claims are fixed (`iss` https://id.example,
/// `aud` gatehouse-native, `sub` maria, `exp` in 2100, `at_hash` of
/// `accessToken`), so only the signature, the header and `at_hash` differ.
enum SignedIDTokens {
    static let accessToken = "an-access-token-of-this-sign-in"

    /// `token` with `claim` replaced by `replacement` in its payload, the
    /// header and signature left as they were: what a forger would change
    /// (another person's `sub`); nil when the payload does not hold it.
    static func forged(_ token: String, replacing claim: String, with replacement: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]) else { return nil }
        let text = String(decoding: payload, as: UTF8.self)
        guard text.contains(claim) else { return nil }
        let changed = Base64URL.encode(Array(text.replacingOccurrences(of: claim, with: replacement).utf8))
        return parts[0] + "." + changed + "." + parts[2]
    }

    /// The RSA key's modulus, base64url.
    static let rsaModulus =
        "zJwTypGZZ3_sg_OtGmO3DjeeJlF-cSSUYoBhJA8SqxbCO_6Vdm-XBykX5IOSwz5KDjWNPXqFDQayflGvxhpxmhwhDIr2d06x"
        + "wKpNoRo25sDxCeCZH3l_Yi3hzkHwf8f27Khuw2SU86tQP7wTRvUJDaZ5G8Zr2G49a4hHZE1NgffK84vA8rhHw0VQiiUpHzTY"
        + "GMpNfr4Fge29_sx6p77Q6pcwPRZNAaCJf35t4SkO6eAShADYX_nooQ-ZZfNZ0d44O5rSDSOluFOYONd_Tlz1dUOhtTqS_R1y"
        + "Wi6ehj_S1xxccj3XlewyLv9yGHkfE048dD_Fum_pFQURxHuTTueQJQ"

    /// The P-256 key's coordinates, base64url.
    static let ecX = "hPpEQSjiVTrp-E9iPUKJVz76KKf9mJzhri9vQZZvzdg"
    static let ecY = "WhltcQEA_QZsegaxaxfJKLxydsM5UoNYYCiPItIhEcU"

    /// The provider's key set: the RSA key and the P-256 key, each with its `kid`.
    static let keySet = """
        {"keys": [
          {"kty": "RSA", "kid": "rsa-1", "use": "sig", "alg": "RS256", "n": "\(rsaModulus)", "e": "AQAB"},
          {"kty": "EC", "kid": "ec-1", "use": "sig", "crv": "P-256",
           "x": "\(ecX)", "y": "\(ecY)"}
        ]}
        """

    /// RS256, the set's RSA key, with its kid.
    static let rs256 =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.lqA14r3_jb_elNry5IGopYrJ7M7SUee0OujQCbLyjs4x8bZ0dJtqGXIExLizo1f5d"
        + "cmrCzuqQJpZX-QSDqgLMAbvGVhko_9fgHBH6IwPCM7TPvR7jz2089m_Qm0DYphuY2_qWAvJGyOyjWBPc1czCw1sdjlmm2OVG"
        + "Vjz3NXE7zzusu7RPHTNpchmusbraw8w45bL6MyI-IQWJsDAiIw4TbKuM21E3UeZLE7wfoYyjuIRiPgHde0Mp0BsIXOY1xpmZ"
        + "08Xb336cYWCgF19BjC-Byd0zcQsnmpP1Ra22oHjqsOaiQcMAOl-0op0FmKyHGoEvCWib1odi3eBHEhx6iOdcg"

    /// ES256, the set's P-256 key, with its kid.
    static let es256 =
        "eyJhbGciOiJFUzI1NiIsImtpZCI6ImVjLTEifQ.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIsI"
        + "mF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJW"
        + "ktyVlVUTmYtdGxSVWFHREdELWcifQ.-2p51K-pmGoSfoCBtFnbHBe9KnI9OX9tMHetC1BzVISmVzC0BoyszkxorHOmOQVPOT"
        + "ymkzdjSGNa7Z9efCHlaA"

    /// RS256, no kid.
    static let rs256NoKid =
        "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIsImF1ZCI6ImdhdGVob3V"
        + "zZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJWktyVlVUTmYtdGxSVWF"
        + "HREdELWcifQ.c9iSnJ2XEOsy-W4XKxSJqsa-ZfSXgqGNFkPx3SqbZTuXiuQr1MLcDFKfbKZubWkKd9FVUwdK0XgNZStGERap"
        + "8PRi7hVcV-5IrF03IDuntlvdIS7Cv55Xo44BlV0UvdQmHlhNBpwEF9Oejj6ZLd1bXR1pNOqd51TURQs9sYNcPhpP36apw-Z9"
        + "NI5QUHVOAcHmfiasnULfTbHjsIGjLIcyiasN1xoa5rGvYrWdkeFFNyHBTwx70OatZAz5fZ8iEWfSyPjZtMIwBjIzsIPHS34A"
        + "jAiNNLeSyUWU5j5FOsem58iCMkbVgiin-xc5QUmSe5Lkq1heYhHv7wPEhQORDGpObw"

    /// RS256 by another key, a kid the set lacks.
    static let rs256UnknownKid =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0yIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.Oi9Brs2xLN585RRwAV07xy0P2X1d2krp7NOy1igK02d_D5N-AGaHa74f8zhd9AkiW"
        + "09DIpdFIiBb9cm8zBLl7ev4xVkYPKaNTtat9SM4e1nIe1GAFquqyfzxjjca2HpguU3f-TcSttC-OdX4WD5-yHVFtP_6SWEFF"
        + "JmZT4n2o3cUGYeoNowdBwat25NhbYjNsGZmGjB6NNIbAC0PCh4zWfiL_oKFyeR6PWXPK9JWNldZ4wmJOG6R-oQavUBdwsOI7"
        + "cnd0BVkev3GVwxbtpvjFTrDJnzUsU41DM8HQhoFvnwcrk37KwdawYO2iM6kwpeGuTIycV4TpLb9UzX-C6E-VA"

    /// RS256 by another key, the set's RSA kid.
    static let rs256OtherKey =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.nJs9XnIyVQXq8AyYzDWBdBx02LKaDNI4ZFaVE7aLMpOdQuy3dosKdnRb4jndlHeEe"
        + "IYUN6RsuDBSZomw2n4dL7xH7KlOXx1aKiIyDh99z6_xi96fNNuiPmMzvn_Y50TCd9ftVaEIkh23pJ737qfQNWN4VRgmghytd"
        + "EkEk98eB-mOlaC1oQ5h_7XL56v2J2z9IlSHG5N_wzVD9Fa4urmQAdIgVmv4VS0VzM3-YVHU9x7r907f_3WBa1Z1Y50LTmJsz"
        + "WMnFusD0Iro3VG8YEmAPnduX-TQWszgSCkkoCwP9vShB5CZ9U5TvRYAuVMAUE0i-ywoQwRjxrJtO0C5EQ_ZSA"

    /// RS256, at_hash of another access token.
    static let rs256WrongAtHash =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6Im5u"
        + "aTh1VUNSdDFFSl9XZHpVa19JMWcifQ.qkrC2BNyiLc9y55R936PbCQ1_zHxmbPSsu-ihUfV_cx-KH-RkX8Sf5i5-hS0R0FJV"
        + "YbdYm1Mg4C1E9raqa8mzYv5qqOLP1-Wze274WmpBRo33Ktbg9RKyB-UduJ8pCcIvl0fJ20LKrCUTpg6gUvuDCaaF4jpdCswn"
        + "MKhuvQfcbJ0J5-46GCTOWofLM_d-5o9BPkJcu9zW5JbCYDtY7HZkShPktBCXJB69GKPsRh-dpCKU5sIU2JNZGt4oIvDttf_D"
        + "Gx-859RV8zkTeyM5hYskWwhPwZU1ppjTTjqPc274YFWc5XdkjgLfYnmt4qDPxnyrwAwPQynvXa_9AUzLbpVfQ"

    /// HS256, the RSA key's public PEM as the secret (alg confusion).
    static let hs256PublicKeyAsSecret =
        "eyJhbGciOiJIUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.kksWK9hb_N_eAdW3uu2JhlRK088EzDGbhQz3tco8UBo"

    /// alg "none " (a trailing space), no signature.
    static let noneWithSpace =
        "eyJhbGciOiJub25lICIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ."

    /// alg "NONE", no signature.
    static let noneUpper =
        "eyJhbGciOiJOT05FIiwia2lkIjoicnNhLTEifQ.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIsI"
        + "mF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJW"
        + "ktyVlVUTmYtdGxSVWFHREdELWcifQ."

    /// alg "rs256", signed.
    static let rs256Lower =
        "eyJhbGciOiJyczI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.Wy1QguenJPF-IIDKMvJKUcYd9t--QQ5bWb8VA8VktyDRfXRxrFkiJ6H8qQhdo6pMD"
        + "Kte9LoM6MQC20Iw3sTlGLFYyEyheknv2hZB4C1KSeqDliH7cSf8q6_bd1DNJxC8WlXLwjB_UVsofescjiHA2nInHMS4IQOgS"
        + "2e7XiUvtuOk8v386aVxFCK_TWSq6jpaKOj-10ScTmigBDM9HNiw5r6nPcLxq3Q6U_T7S4dom3oTUGYSM9_cl1BkmaZwi6fMV"
        + "bn4udDQhh0sXtqQqzO9H7_QKV-ckbwFEPhUfHVHAvSqK429HBIXBt7q62DkdLw_PxMAm1hML-3XLb8JRvE43w"

    /// alg "RS256 ", signed.
    static let rs256Space =
        "eyJhbGciOiJSUzI1NiAiLCJraWQiOiJyc2EtMSJ9.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSI"
        + "sImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6Ikh"
        + "JWktyVlVUTmYtdGxSVWFHREdELWcifQ.aF1hJ2ENd6nyLN4UAFGkU6UoJ-IXLdV-9QljLzA1NzAuPMRe4ixs6gZx56NkzrzO"
        + "TF2bYyPf4z0_YoqTpK6H2RYvqKuE3HGagCJx9pzW_FbkASl-w08zEWm21CbeJC11BurmFdyx7p62JFtau6pHOIhua319G2Il"
        + "Jdc-ZMu_GmQTqXLnsuS1p9NgxGYYl9f5y1jJoTLD7ihk6vtiDMxfgSnibQHAmKmDLUP7Bb9l6CT2bJSa7rXCWUzsVNTFUa1E"
        + "dPN2bGX3G7em0tr0qQdXwMlZqgwAHlt_-hu5grKUBB40PMIsvG5HCHwtSHHq7XYho0JW72cEEVJdzO1GzpjXsA"

    /// RS256, the claims OAuth2BrowserSignInTests' stub answers (nonce n-1, at_hash of AT-1).
    static let stubGood =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwOi8vMTI3LjAuMC4xOjgwOTkvbyIsImF1ZCI6Imdh"
        + "dGVob3VzZS1uYXRpdmUiLCJzdWIiOiIxIiwibm9uY2UiOiJuLTEiLCJleHAiOjE4MDAwMDAzMDAsImlhdCI6MTgwMDAwMDAw"
        + "MCwiYXRfaGFzaCI6IjNjc2dkQWVqZ3RNa3VRRGludWg1bWcifQ.KMnT1jCWr0BPmR0hWF4hcLUIHFPdXOh336B6s08KMo3ZQ"
        + "zw-KWQdiI4WJUKXdPAPtXkZrTJsTVRqQlYtUXcMHsRfmpy0IntHHm53jiyCCdYHoRWfKfl641-7hg2GyXAQP95qzqbBwtTOk"
        + "FA_11FxIIxDvhMtetBfB111-h3do1KsA6smXU1Wyw26FsUu4VlhEaaOREIeM9sM5yfzUFx5KFSizi3E33qw5BIBzDnV7DLVm"
        + "sMuBZuaPAoplnET4-XyrGpBDkP1ko7G10L5bgjTvBYQD_UjkPd_0sJ2aMRmJL5zMwo5KDJQqeRu4-fSSBiHWw_G7r3KaLDLo"
        + "CWH17v2Yg"

    /// RS256, the stub's claims with another nonce.
    static let stubWrongNonce =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwOi8vMTI3LjAuMC4xOjgwOTkvbyIsImF1ZCI6Imdh"
        + "dGVob3VzZS1uYXRpdmUiLCJzdWIiOiIxIiwibm9uY2UiOiJuLW90aGVyIiwiZXhwIjoxODAwMDAwMzAwLCJpYXQiOjE4MDAw"
        + "MDAwMDAsImF0X2hhc2giOiIzY3NnZEFlamd0TWt1UURpbnVoNW1nIn0.J6y34_1UX9mMzm1gvDU_ZvtHxPb2s7n5ff3yPGat"
        + "9XvSn1rDrzPm9BUNsUFXcMSzcriK4BOpd4cjdbDGiGBVcwdBPzX6Fz33uf3zIC2ntIJoeCj8FLgDUbMuSOEi4sDWC6kvDOCY"
        + "u2QSNylZFe7Fl5EHlmHuEqAPHQcNi-iFBQYkMbDsaaXtK3FPe4U0mwQX6C9sv9XdHy9El4xT7EhKon7_eakW0aeHC4d6mGAj"
        + "_fSktA0P3zAv4HaHO7YsgT9-ounZLhsOcTS3LEtEeHjjcWC92dK3829U59pGQw_AaxZ8vWvgW_d6zpKzLCz_ihF0GmwN00p9"
        + "IC_GdzGgj1XdDg"

    /// RS256, the stub's claims for another app.
    static let stubWrongAudience =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwOi8vMTI3LjAuMC4xOjgwOTkvbyIsImF1ZCI6ImFu"
        + "b3RoZXItYXBwIiwic3ViIjoiMSIsIm5vbmNlIjoibi0xIiwiZXhwIjoxODAwMDAwMzAwLCJpYXQiOjE4MDAwMDAwMDAsImF0"
        + "X2hhc2giOiIzY3NnZEFlamd0TWt1UURpbnVoNW1nIn0.bvyd2DOqk4enHIBmYwh2VZX1Lgl1SpzyjnzSEE0d_lr4l0hE9rnZ"
        + "gK8W5tz-CHKfQd8nLkalERaNu0ktXG_n5_puTxgiV6AmuXrk9dVhO4w1uGy3SWhd2J--Fp2HKL0RTUzisc2ydXbqZBlHzORI"
        + "g_re4V74jsi1wRGmhkJ_7Z6_RzyVrbtP3bv6Uwaj2x4b6ceQtQvhKbB3n1KAE9E6ZFgJ0XUqgt1jbWiEWEKcEizxfJefzgg2"
        + "fch6f3hX_ChIE23QGFb3jFktkweg-atsl28mdUkBDbTTxQ9kmbH8dli3FlJ1S5WW6644d3Ymaal_ubmsnXIqOeJu41YOsChJ"
        + "HQ"
}
