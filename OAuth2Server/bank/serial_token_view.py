import hashlib
import json
import threading
import time

from django import http
from oauth2_provider.models import get_device_grant_model
from oauth2_provider.settings import oauth2_settings
from oauth2_provider.views import TokenView

_one_token_request_at_a_time = threading.Lock()

_DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


class SerialTokenView(TokenView):
    """DOT's token endpoint, answering one request at a time.

    DOT guards a refresh with `select_for_update`, which SQLite ignores: two
    requests racing with the same refresh token could both pass validation
    and both be answered 200 with different pairs. Serialised (the server
    is one process), the second sees the first's rotation and is refused
    `invalid_grant`, and reuse protection revokes the family — any reuse of
    a refresh token, even a concurrent one, is caught, which is what the
    tests must prove the client never does.

    For the device grant (RFC 8628 §3.4, §3.5) it closes three gaps of DOT
    3.4.1's view: a device code past its expiry is `expired_token` (DOT
    looks only at the stored status, which nothing but the verification
    page moves to expired, so it would answer `authorization_pending`
    forever); an unknown device code is 400 `invalid_grant` (DOT: 404
    `device_not_found`); and a device code answers tokens once — it is
    deleted with the answer (DOT keeps it authorized, so it could be
    exchanged again and again).

    And it answers `slow_down` (RFC 8628 §3.5), which DOT 3.4.1 does not: a
    poll for a pending device code sooner than `interval` seconds after the
    previous poll for it. The client then waits 5 s more between polls.
    """

    # SHA-256 of a device code → time.monotonic() of its last poll; read and
    # written only under the token lock, forgotten at 10,000 (a test server's
    # device codes live 30 minutes).
    _last_polls = {}

    def post(self, request, *args, **kwargs):
        with _one_token_request_at_a_time:
            return super().post(request, *args, **kwargs)

    def device_flow_token_response(self, request, device_code, *args, **kwargs):
        model = get_device_grant_model()
        grant = model.objects.filter(device_code=device_code).first()
        if grant is None:
            return http.JsonResponse({"error": "invalid_grant"}, status=400)
        grant.is_expired()  # moves a pending grant past its expiry to expired
        key = hashlib.sha256(device_code.encode("utf-8")).hexdigest()
        now, previous = time.monotonic(), self._last_polls.get(key)
        if len(self._last_polls) >= 10_000:
            self._last_polls.clear()
        self._last_polls[key] = now
        interval = oauth2_settings.DEVICE_FLOW_INTERVAL
        if grant.status == model.AUTHORIZATION_PENDING and previous is not None and now - previous < interval:
            return http.JsonResponse({"error": "slow_down"}, status=400)
        answer = super().device_flow_token_response(request, device_code, *args, **kwargs)
        if answer.status_code == 200 and "access_token" in json.loads(answer.content):
            grant.delete()
            self._last_polls.pop(key, None)
        return answer
