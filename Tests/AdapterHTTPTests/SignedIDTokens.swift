/// ID tokens made by Python's `cryptography` (50.0.2) with keys it
/// generated, and the provider's key set (the RSA key and the P-256 key,
/// each with its `kid`): the claims are fixed (`iss` https://id.example,
/// `aud` gatehouse-native, `sub` maria, `exp` in 2100, `at_hash` of
/// `accessToken`), so only the signature, the header and `at_hash` differ.
enum SignedIDTokens {
    static let accessToken = "an-access-token-of-this-sign-in"

    /// The RSA key's modulus, base64url.
    static let rsaModulus =
        "sOsYree183RUaXHAq1Cj4HHPcrw8vIVTyC6vBfAOVLURt4AnbdUsxiqz1_ZG3faFhyjNp4soCSo0iGSPKtAq2g1fNPR0S0gd"
        + "bvPthNkSAm0GljaXFPyTkqnjWEzC3qV2hTW_pnQipRpk_0ps-ikjadqK7JhLFH5h-borkbGLfyPyBXGEZcVmgUrYjIpRB4xx"
        + "Cn-RTcxiaNFBYSj2qyS9ESmkteAAoIxyrY1lWtEu823nIR3GlcPDR75oZuW9RzRI0qwRCygyVZVFfR8YsGzwIR7Nhd7zxAQ0"
        + "5piYxb4vUmkH93iBth1dw7TmdQd3T2XV4XLYd0e71WK1_jQb8fNKwQ"

    /// The provider's key set: the RSA key and the P-256 key, each with its `kid`.
    static let keySet = """
        {"keys": [
          {"kty": "RSA", "kid": "rsa-1", "use": "sig", "alg": "RS256", "n": "\(rsaModulus)", "e": "AQAB"},
          {"kty": "EC", "kid": "ec-1", "use": "sig", "crv": "P-256",
           "x": "ui4nYSDvjut-hEbE-9wl8ZNpVHXH68KdDkimibq-1Hc", "y": "2izMHgqOM5NGTMCfomX9A68qxNvc0dXT1r09rElTvGY"}
        ]}
        """

    /// RS256, the set's RSA key, with its kid.
    static let rs256 =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.Y7iK5fI8260gIg9MwoR3EwTEZ6pMRioJ47D7jEcV0PYjFi35_kkiytMUG1NVZxfQ0"
        + "7kn-Cv_9ZQppOpiipBKWFSTELg_c4zBT_SiGZLBxZS3YBZnR9sD6a76t126FTMQ6fN02FqLdwvuQ2rgW1HKsN3x_ht-HMDes"
        + "SodgFGBraYHkjg2XtZ71NBaR6wyATgp5iM1sTAU53aKPs5mPJHpOTMdVIvq12nWASKFhPXZ56f5MNEI3VT6ZkVmjmLDLRt6R"
        + "5usFYLzZfHGtc1vLIbFxqoRuU4pfpBI4I5LFsywM_z7sCsq0H7Y-jthON26-Yw9pG-wyM5SO6YMcyh1g0KVCA"

    /// ES256, the set's P-256 key, with its kid.
    static let es256 =
        "eyJhbGciOiJFUzI1NiIsImtpZCI6ImVjLTEifQ.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIsI"
        + "mF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJW"
        + "ktyVlVUTmYtdGxSVWFHREdELWcifQ.e5GPQ2E8Y9LKyVqxsBt18Ddtd6IYW8lPVeptdtqBOepzcxQn5HFckD01o7yDYctWmN"
        + "B7AqCbVLUCf86ie_XCtA"

    /// RS256, no kid.
    static let rs256NoKid =
        "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIsImF1ZCI6ImdhdGVob3V"
        + "zZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJWktyVlVUTmYtdGxSVWF"
        + "HREdELWcifQ.nuWFO6NkhhfI8wPlu-pNIf3v0Si3udRrEPPD_Mp7fIyVVOExXvc5j47or6peNU-wLuvgp8HckH_fS1p4M2Ep"
        + "mWioYyqn48TT9iNlBr03hR1-NUya-aaKdHn1P0B6GcpS8UZRmJOlWz4II1TZtdKDVKUQJkAh5qD_-o_XJAdULuHb4K_qYp61"
        + "yYJcPJShyf8fD0yGDoqPOOroqWWzgA2ajWL1H9KPGxVOWz1pi-_YBhIvsGxArwSd6PbRumtqBJp05iRR7_Zgq-0zsSKLn2Oz"
        + "SylrD0mMY1sHcYYTOLWRwkxEa6Fo-cBeuGi1QOB_bBF0n7bENu8UhRmpnuD5j1D4cQ"

    /// RS256 by another key, a kid the set lacks.
    static let rs256UnknownKid =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0yIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.IeOd-yJuk4trwJfib6XPg81OaCcYEJEWRBf1lf8C_t8BygRrTazUw7-94tV7SYF6-"
        + "4obLPvv7fE6H-rlkToBJnJYHRxCbYrAKTWNyQ2E8Jsg0-DajkAJCo_FYT1XHsPs58-5p_jRdc1bwxn2P8c7-SQuoYW-Fsqpd"
        + "U8pC2VKklLeQPy8ip1QZjBzBG23iWWa4nubqpb6WGa0xN35GMYcn2ZGycL1mlC-h4enYlJ3XlCJoluxXbGiArXbInnKecr-5"
        + "aw7IZ7Ivf_G0U522BxRT9T0JMzB222o7b2SeIki_mmcJU_zc2hOHbtMYuifeVusH8N2DIfXHwDmaJQfkG4QSw"

    /// RS256 by another key, the set's RSA kid.
    static let rs256OtherKey =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.PxYOW4zZpTyC5cwVMBeLIxzAipLo3L1jZuFLOlnJypmmZbt8pgk1ejOfdDsSWooqz"
        + "Nko0bFShh-USM_NU6s4rHzRVZoJcPQBib0X_9PZbqJDQJ3_gHbB5ZWlSfwdI68tbC50F2hrLiB5-WokyPdd0bsIOnf0HGgNN"
        + "rxn2q3DjzofCpf3FELQH7qxVYrKfAyfWaKetkp4rsWOP2nskMI2BjsW8QKdlEWp9-hIspuVcddbEop-8U92XcnBHEqiuZkJm"
        + "Q5R5ZQKh8LljOLUsirbYfpQi2bSV2VNqL0cEI0w4MVolB3QcFIbS2ZrBkJ_YthIuXnstYuttuyPGzxe8mOy5A"

    /// RS256, at_hash of another access token.
    static let rs256WrongAtHash =
        "eyJhbGciOiJSUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6Im5u"
        + "aTh1VUNSdDFFSl9XZHpVa19JMWcifQ.nEd2kdLtCFnxxUDFHy6t5ih9m5-Y7gtcn6zLuv-fkf-Zmy_rJwl01o5eGPe3IhnNO"
        + "cp7-dmtzAuj3PJXRjtnRUbkIkRIWk5s2EuDDQXcM-FJQXGwR-ecEJAwU8ix_O2RGlURw_LP_cPCuZ9z8uJ0nqbmlvTsQTflg"
        + "QJWa4c5IePnJRzWv4oLtAD8HQUfMkeFl39BbHDk_2IcOjY4MHkV041XoyuOQM7qA5IQkFhCTLFLkiu3wm58il4AC5xdUfhGr"
        + "ZiFcYqYg1Topg6795ehqMSTapfwO_s2a6aHGY4k6ZbAi4zhajjtglvykYjNHQltFQqbaY3i3tGLVcBKJT6TVA"

    /// HS256, the RSA key's public PEM as the secret (alg confusion).
    static let hs256PublicKeyAsSecret =
        "eyJhbGciOiJIUzI1NiIsImtpZCI6InJzYS0xIn0.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSIs"
        + "ImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6IkhJ"
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.niQYG0diUaqdJAW0FFlI15TljhxlhGrLJosk4vlHIfU"

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
        + "WktyVlVUTmYtdGxSVWFHREdELWcifQ.LYlcqrZ5kWeFYaUy1596zp8PwxMwgR8CfMNlqnnNzNp1yzeLfqKGraIgMCopk0_r3"
        + "97YwhgV_F4iNlHJr2H6HetJbfun4fIkmYOoqazhZcbZBBcCs6TEY28iFOwV46Zo48Dg_hIR7dXNJZqNf-HGJyTIg-XW_e9L3"
        + "QYp_cA_BDApTLTnM-mQqtltI2Lhuc6OOLLBuL_S6PoN0MIa3Fl9ZLAmQ0ksFMakUh1pLI5UJtFsdPrDlgnKSDm93FMkDy_Xv"
        + "unajoZiENhM1V_NPDY9bjDoqyIgoH7EifCyszB1_Nv0jOZ5rHEhN1aRjUJtrq5R3iQbhFeOFLUky4LKlRPOhQ"

    /// alg "RS256 ", signed.
    static let rs256Space =
        "eyJhbGciOiJSUzI1NiAiLCJraWQiOiJyc2EtMSJ9.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUiLCJzdWIiOiJtYXJpYSI"
        + "sImF1ZCI6ImdhdGVob3VzZS1uYXRpdmUiLCJleHAiOjQxMDI0NDQ4MDAsImlhdCI6MTcwMDAwMDAwMCwiYXRfaGFzaCI6Ikh"
        + "JWktyVlVUTmYtdGxSVWFHREdELWcifQ.jSOQnsikl9zXQfCLvJhsJh2e82FZa2Lymg4QbQ5BOxyTNSFlyRO8PaCmjMIStzBU"
        + "dUM8Na-c17OzzKp3cB41fRU3OwJzOVQ9cAhZIME0XL9RqxchK-Rc0gXtKWVGFkxDvyy60nH6ksEM0mG24MGw0rq5aoCsmb1o"
        + "PMP5zzuUtEDQWhqnrAimFV0QSMzoyF-q49Ao-iw8E25yn4PGaGo1ZDXNfc3tfQyUlu4_x9Hw-5HYZxIreDifio94OMzB3t5M"
        + "Ts34Uya81GVxBgrd1VrBVioMhtfnfTk3Iy07z2wSvq2mxRAD6J8xY6IXC6G7dC35IJcSSO3SdVqyYaISxnHIGA"
}
