/// The signatures `SignatureVerifierContract` checks besides RFC 7515's
/// (`SignatureExample`, both checked with Python's `cryptography` too), as
/// base64url text (their keys as JWKs give them): made by that library (`cryptography` 50.0.2, `rsa.generate_private_key`) for
/// the message "Gatehouse: the signed part of an ID token".
enum SignatureVectorTexts {
    /// Valid signatures by keys the verifier takes: the largest modulus, and the smallest exponent.
    static let valid: [SignatureVectorText] = [
        SignatureVectorText(
            name: "RS256, a 4096-bit key",
            message: "R2F0ZWhvdXNlOiB0aGUgc2lnbmVkIHBhcnQgb2YgYW4gSUQgdG9rZW4",
            key: .rsa(
                n:
                    "rugncm6L2idh57zYutjBjXy4NYpKfE18Ko9Brpb52WQA94NRs2r-KtLAPocODcQYu2EiuLqt3NUuQO8rAKjXHVNN-GP1"
                    + "YgiI5t1SrHJNsaN8vrD8n7vL9mLwUe3W7oP9TMLWzqh51XQuRyVb_T1u4oYz970pkQT-BJMlrB6xWkLKON_UC3Mci9GX"
                    + "S_rgB32tr1MCVBNNm3gk6li44t0Gocnmckp4F4W76AUCC5OAretTDD4LZLeNgp3nVzV_ZeaO5OPVgvp3mhdf-FTMbSmK"
                    + "GKdIc5USjebJPTzeswl9VM_6Az_5ojTRWVN4hAArrhsa_Iz62E6HE4F8biuq-gZqCZuy6rIc3ZiViM75O_98LMJo-gqR"
                    + "8_28RUnhxpqagr-fI-3eiiCYK2fLsnKTRqMSBwCfvwOxJsesXyK4-HoxyNymVijy5KJI5gSjbVvWtUTgu0hl4o58gRo-"
                    + "56bYKHOSUaXF8RMmLC9k2zpvfaL7Wr3VRVh_6RZjjTzhGPuSnoY5D3J5Czs8DbiyUujWl8SSnYdPpuBbube2gDzCjkHA"
                    + "ojK-iACge34IdFtTrtWO6MHAGUCnYU9EoWTcrYCLF0_ddR9hWKdleFsa8TrZ9jMR2jqXeGKT5u9BD_IMg3G21_bQ14CP"
                    + "UD2nyM_6VX0oaOAj5-4hY6rHF2T3g_Oybo9NKns",
                e: "AQAB"),
            signature:
                "M99uaAMho0ip6FwWMtV3q9xJQq01jQ1dZWfHSp8M_QGVYAEa4nI0hGARBJyEDtAyhgKUCD-EB8ZkCou61UrICoH7vo9f"
                + "nCY7rraHlkrU5wB5ZcpK7oLM8iiWBHZSgIgf2VjJnyhE6V4WM8KXD5E86vDfr670UdwZ4dEbE1Wqp27jCop89iMXvXFU"
                + "1Kidxx1Z5yfHfv9PkUcxB5Y1wdjZii1BTiy3wXar1yYfrkb0zaEh_Lmay_-FrI4bG1EJCLbRS4k8wKog-izhzYhHBUXn"
                + "NsNcIGkTc5NZqotb8aRFLac_T-l9ipT_tvgt1vZvjuDOAKYslNVkKYw1QxxcxgJKPw6wrtXBFjJ7L1IgbBUKIt1JUwj8"
                + "XulnrQHoDFa-gXn7J4A7_An_CUOHfRcMEiMbYvSuIUTixZydM8Q6s0xfhm4-gK1A8gPFjhLAIAEKwGLDyuXdgz96NgPr"
                + "p3Ls2JiAr3wdxAMDajx-6XsImrY8PmPDI8dgEuZperKteouIWriSoQalqdcigiUSH6g8b4DJaYujWubkCrFacQjnCP05"
                + "N3XREgWX6KkxiZpOKfWmxINkwPTySJSdi3cmpxmL1gpbNHNO1fT916TGK9a8uc2P6GxyseI4Fu7pQFIMQB_ekxqtT2hf"
                + "HkROUcCepnC9FHhhhn1zTbw4pEce_re5cm-dajs"),
        SignatureVectorText(
            name: "RS256, a 2048-bit key with exponent 3",
            message: "R2F0ZWhvdXNlOiB0aGUgc2lnbmVkIHBhcnQgb2YgYW4gSUQgdG9rZW4",
            key: .rsa(
                n:
                    "schaIXncjDKEXuTngUunvIjVfuCjLdhpEqBdv465y97EhgopKGDcIn11FknbCngMStu9NX5vpU6nwch2wlgPgxWyNtJQ"
                    + "Ep5W4xsuWWLkvDwC9R7qOEFBVexFStmszEzgf7uq6axDOh1f8XsXRx3IEW4sSOwz1-92kjL1xio0q2rEJ-LppfrEBRcD"
                    + "I124LTatV-sOenS51ZT2RiJjxc0PyZ_3qGpCwea5G4MaZQr71DMcmzBB9hfdsH0rO0PNGbEjVGsuD7xxuKwCD7pjLPIR"
                    + "jagscxpmwi8qhWWcRd4Hr1wfGd2yXoYBrHkl3yG4iyXv0OyEt2_bKLvhCPS-8eW4gQ",
                e: "Aw"),
            signature:
                "COrmakkPSYyqW_hPmXAm3nVfEbfFlbvKqCyD3YlAr4YB8ty65KGBYDQW5i8p_2xpwKCKSWsW2OLzhODWd74WFu8odrgg"
                + "kt2HhxuXY1TTrgz900YypDVwu7002QmO9-rnVk892rysGwNgPHWQlXfUN3uWx27ULpVNNtpuMFq9DQQ6Fqk9rs9FqLvL"
                + "-BMmbOEHOh1Htr5XQ8U1cGqak2wfcslL_KncDGZPDji_RxxU8RKhVf8bvzK6p4buXq7DUx2Ec8ubd-YwO2nb3N8izjcm"
                + "5K2e-OrkREWnvdyni2_JWvhCIVFaycLaYdJupHxJ7Ld7jaGlzcLIgi_bumhzWobxWw"),
    ]

    /// Signatures that are right for their keys, by keys the verifier must refuse.
    static let byRefusedKeys: [SignatureVectorText] = [
        SignatureVectorText(
            name: "RS256, a 1024-bit key (too weak)",
            message: "R2F0ZWhvdXNlOiB0aGUgc2lnbmVkIHBhcnQgb2YgYW4gSUQgdG9rZW4",
            key: .rsa(
                n:
                    "yHbVJDf9VEtG4aRiTQj8_jYnLLvG2r_X6zDSe_OGFUpOIg-FWhkPwPwGOPEDjOaK0EPFlV6LAzy7f9HfBOaJnsV4bWeE"
                    + "FHz-MljUKJFzcwjYjKbjaPNSxtoPmmdAl5X8h1-6q-QLFU65xKzwj2lQipX6RLAi4QuJtIUX33uXGis",
                e: "AQAB"),
            signature:
                "NZgA1pBNEZynYczxviiHMkvIN3blb5nVV6Wt1Mx6Ui8zMn_JfkWG1YW1gF2FRscwsXQ0dP9MAEjE4zZcQDxf0G8FKC1a"
                + "N9LfF-lnY8N6C-gtvweYXG8EfYK01wZmO71yIWy-nCpxq2Swpi_7L6Qvz1sOnNpVQic8oVqpUqpP8uI"),
        SignatureVectorText(
            name: "RS256, a 4160-bit key (past 4096)",
            message: "R2F0ZWhvdXNlOiB0aGUgc2lnbmVkIHBhcnQgb2YgYW4gSUQgdG9rZW4",
            key: .rsa(
                n:
                    "4583xLJAy1ET53YOncb4_Dho-BULi74hLi5lvLW-O6RFMXHi9gviLM1pm-1trLVXgXxcilXa3jXZ4sZfQDHAqNhYibfk"
                    + "PaeZyCHTZcDsZ7EJqRq7XvD2KfmL0_hqQ1AiulvNiZcFn9uE6j8y5GR6KNQZQDuP7xRoRn73uftHUxuJt4L_1JVcomez"
                    + "DzJIZOBTuHUWMRlmjaJNIu8wge5JBgcvMYNJkGQ96zMsYBhQ9j_1CTZ794ptpa1DEUxVOLCuyN9f9WU7PANBYc7p2m1Q"
                    + "f9xB_XwaVlKzOEpzEj1HaOMeURG8b0heJLN2OiOTROnQ7IFlbiN5CBwNts3IszyYZNcjFHNqE500YDqhmRu8ESl5xxqg"
                    + "C6L0hTk79aO77dX_VF6ZG6gqsWSnIpPzaccA4VDetuicgcOfxrBSZaTtg2py922f5V7gGPpUbCm8IQtOAwBcef9iyPxN"
                    + "hQ3n6yEEY6a-Q8UajEogSkv1wh3HPjfrLHWpwXqC8NzPzcAOCIOhug6zft8SR8oJ77oeEIKDJNj0VkbNrdUeVEMmzuZZ"
                    + "TV6Q2BcOL5rQgZM_eVHOwKvUEvXP149MoVUcPNUEJjCQhIb4XFuDAJMxMlumwycrF8PtLTaql8xB1tckQDqtapfofeTg"
                    + "Lx4X1NkfG88lU1xzMfv0D1J6NjxZ9TWHShEk5rYFfuzI-XpVBw",
                e: "AQAB"),
            signature:
                "PsuQOlyZ2h7hDVLk2LLhuqb0yO-zvC6EZat_Oz0UyNnMQZJQqwdFR7AXU_x4UjqO1Cgi1Ye7RNxrxgf1iFekSVMultn3"
                + "ofXeUrxk0iWEVOOxIbEgynXjDS68gAUk8jP5d3sn_z51hxDqLOa-KxEZa8E8IZRH71HRwYsSpd1-Iu3gXllE2FdkHV3N"
                + "BE1G3s5F6rfenlsrP6Rd5QfrdL3wjPFxgPnrg95s49JCaWeE24wtVQUo3sSaDCbviAvh6tw2PIXdhDcurBjUz4qYBE9L"
                + "LCvAEE82OmBaMeu9GCcBcNgXUa3mUUSV6aZfIJbwP2ADL9BYL33iB-2dn4ixAMgySWPjfOhvoIkG06_4JSrSvMskb3wt"
                + "zYIzEKevvTtrjw1A_GcpZ-FLZR7QYkYQv4Oi87G8cyQOCnG-aY1ECeNn2tBrdx0sVRPoK1MaoJDTutIBV680zew3j2fK"
                + "ABP_jGM9ozw2bOnIwk16B-WIicEScIFIn5mdy5L14A0G-6a_z5ZVaMxBD_rJyLp5bmrUHd0bqCJwTKvyH7bXD-oz33Cf"
                + "Ho7GspVd7bzaJYgR3sb5vS0JToIMbixa-6odX6pMOZVXAmyiZrN-8LD5rwBakU2k_BWYkXTQ9R9x7cqqa1PyFtifI7jU"
                + "sbL2u23nnav-7ncomKAyeJ6Ij-2HL72iotyMG58_lQkP0Ub0Wg"),
    ]
}
