"""Prints the running test server's token table (GET /_test/tokens) as text.

Run by `scripts/oauth2-server tokens`. The server masks every token: its
first four characters and an ellipsis when it keeps the token (the legacy
mode), nothing when it keeps only the token's SHA-256 (the compliant mode's
hashed storage); in both modes the first eight hex digits of that SHA-256.
Nothing printed here can be used.
"""

import json
import sys
import urllib.request


def main(base_url):
    with urllib.request.urlopen(f"{base_url}/_test/tokens", timeout=10) as answer:
        table = json.loads(answer.read(4 << 20))
    print(f"access tokens ({len(table['access'])})")
    print(f"  {'user':<12} {'client':<23} {'sha256':<9} {'token':<6} {'expires':<21} expired")
    for row in table["access"]:
        print(f"  {row['user'] or '-':<12} {row['client'] or '-':<23} {row['checksum']:<9} {row['token'] or '-':<6} "
              f"{row['expires']:<21} {'yes' if row['expired'] else 'no'}")
    print(f"refresh tokens ({len(table['refresh'])})")
    print(f"  {'user':<12} {'client':<23} {'sha256':<9} {'token':<6} {'revoked':<21} access token")
    for row in table["refresh"]:
        present = "present" if row["access_token_present"] else "none"
        print(f"  {row['user']:<12} {row['client'] or '-':<23} {row['checksum']:<9} {row['token'] or '-':<6} "
              f"{row['revoked'] or '-':<21} {present}")


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except (OSError, ValueError, KeyError) as error:
        sys.exit(f"oauth2-server: cannot read the token table at {sys.argv[1]}: {type(error).__name__}")
