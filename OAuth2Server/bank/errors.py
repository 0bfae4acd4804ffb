"""Unknown paths and server errors answer JSON, never Django's HTML pages."""

from .answers import error_answer, not_found


def page_not_found(request, exception=None):
    return not_found()


def server_error(request):
    return error_answer(500, "SERVER_ERROR", "The server failed; see its log.")


def bad_request(request, exception=None):
    # Also what a Host outside ALLOWED_HOSTS gets (127.0.0.1 and localhost only).
    return error_answer(400, "BAD_REQUEST", "Bad request.")
