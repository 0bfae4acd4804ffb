"""Writes a fresh RSA key (2048 bits, PKCS #8 PEM, no passphrase) to the
given path: the compliant mode's OIDC signing key, made by
scripts/oauth2-server at every start and never committed."""

import sys

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

if __name__ == "__main__":
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    with open(sys.argv[1], "wb") as file:
        file.write(pem)
