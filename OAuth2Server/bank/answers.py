"""JSON answers in the wire contract's shapes (docs/spec/wire-contract.md)."""

import json

from django.http import HttpResponse


def json_answer(status, body):
    """A compact UTF-8 JSON answer, as the reference server writes."""
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    return HttpResponse(text.encode("utf-8"), status=status, content_type="application/json")


def error_answer(status, code, message):
    """`{"code", "message"}`, keys sorted as the reference server sorts an error's."""
    return json_answer(status, {"code": code, "message": message})


def not_found():
    return error_answer(404, "NOT_FOUND", "Not found.")


def method_not_allowed(allowed):
    answer = json_answer(405, {"message": "Method not allowed."})
    answer["Allow"] = ", ".join(allowed)
    return answer
