"""The protected resource: `GET /users/me`, `GET /challenge/list`,
`GET /challenge/details/<id>` (Bearer token), and `GET /health`, answering
exactly the wire contract's JSON with the reference backend's seeded data.
"""

from django.views.decorators.csrf import csrf_exempt

from .answers import json_answer, method_not_allowed, not_found
from .bearer import authorize
from .seed_statement import details, statement


def _get_only(view):
    # Bearer routes read no cookie: CSRF does not apply, and another method is 405.
    @csrf_exempt
    def guarded(request, *args, **kwargs):
        if request.method != "GET":
            return method_not_allowed(["GET"])
        return view(request, *args, **kwargs)

    return guarded


@_get_only
def health(request):
    return json_answer(200, {"status": "healthy"})


@_get_only
def user_me(request):
    account, refusal = authorize(request)
    if refusal:
        return refusal
    user = account.user
    return json_answer(200, {
        "id": account.account_id,
        "name": account.name,
        "email": user.email,
        "cpf": account.cpf,
        "active": user.is_active,
        "is_deleted": False,
    })


@_get_only
def challenge_list(request):
    account, refusal = authorize(request)
    if refusal:
        return refusal
    return json_answer(200, statement(account.cpf))


@_get_only
def challenge_details(request, entry_id):
    account, refusal = authorize(request)
    if refusal:
        return refusal
    found = details(account.cpf, entry_id)
    return json_answer(200, found) if found is not None else not_found()
