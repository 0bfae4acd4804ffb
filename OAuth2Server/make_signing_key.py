"""Writes a fresh RSA key (2048 bits, PKCS #8 PEM, no passphrase) to the
given path, readable and writable by its owner only: the compliant mode's
OIDC signing key, made by scripts/oauth2-server at every start and never
committed. The test control's key rotation (`POST /_test/rotate-signing-key`)
makes its keys with `new_signing_key_pem` too, in memory only."""

import os
import sys

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa


def new_signing_key_pem():
    """A fresh RSA key (2048 bits, e = 65537) as PKCS #8 PEM bytes, no passphrase."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def write_signing_key(path):
    pem = new_signing_key_pem()
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        os.fchmod(file.fileno(), 0o600)  # also when the file was already there
        file.write(pem)


if __name__ == "__main__":
    write_signing_key(sys.argv[1])
