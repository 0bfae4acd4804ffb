"""Unknown paths and server errors answer JSON, never Django's HTML pages."""

from .answers import error_answer, not_found


def page_not_found(request, exception=None):
    return not_found()


def server_error(request):
    return error_answer(500, "SERVER_ERROR", "The server failed; see its log.")
