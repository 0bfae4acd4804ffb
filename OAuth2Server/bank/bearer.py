"""RFC 6750 Bearer tokens for the resource routes, answered in the wire
contract's terms: a missing, unknown or revoked token is 401 `TOKEN_INVALID`,
one past its `expires` is 401 `TOKEN_EXPIRED`, both with
`WWW-Authenticate: Bearer error="invalid_token"`; an inactive account is
403 `USER_INACTIVE`. Any `apikey` header is ignored.
"""

import hashlib

from django.utils import timezone
from oauth2_provider.models import get_access_token_model

from .answers import error_answer

_SCHEME = "bearer "


def _refused(code, message):
    answer = error_answer(401, code, message)
    answer["WWW-Authenticate"] = 'Bearer error="invalid_token"'
    return answer


def authorize(request):
    """The request's account, or the answer that refuses it: `(account, None)` or `(None, answer)`."""
    header = request.headers.get("Authorization", "")
    if not header[: len(_SCHEME)].lower() == _SCHEME:
        return None, _refused("TOKEN_INVALID", "The token is not valid.")
    token = header[len(_SCHEME):].strip()
    checksum = hashlib.sha256(token.encode("utf-8")).hexdigest()
    record = (
        get_access_token_model().objects.select_related("user__account").filter(token_checksum=checksum).first()
    )
    # Found by its SHA-256; the stored token is compared too when the server
    # keeps it (the legacy mode), and is "" under hashed storage (compliant).
    if record is None or (record.token and record.token != token) or record.user is None:
        return None, _refused("TOKEN_INVALID", "The token is not valid.")
    if record.expires <= timezone.now():
        return None, _refused("TOKEN_EXPIRED", "The token has expired.")
    if not record.user.is_active:
        return None, error_answer(403, "USER_INACTIVE", "The account is inactive.")
    return record.user.account, None
