import threading

from oauth2_provider.views import TokenView

_one_token_request_at_a_time = threading.Lock()


class SerialTokenView(TokenView):
    """DOT's token endpoint, answering one request at a time.

    DOT guards a refresh with `select_for_update`, which SQLite ignores: two
    requests racing with the same refresh token could both pass validation
    and both be answered 200 with different pairs. Serialised (the server
    is one process), the second sees the first's rotation and is refused
    `invalid_grant`, and reuse protection revokes the family — any reuse of
    a refresh token, even a concurrent one, is caught, which is what the
    tests must prove the client never does.
    """

    def post(self, request, *args, **kwargs):
        with _one_token_request_at_a_time:
            return super().post(request, *args, **kwargs)
