"""Compares the OAuth 2.0 test server's seeded data with a reference server's.

Run by `scripts/oauth2-server compare REFERENCE_URL`: signs Maria and João
in on both servers (the reference server's `POST /challenge/auth`, this
server's password grant), then asks both for `/users/me`, `/challenge/list`
and the details of every listed id, and compares the JSON field for field
(objects as sets of keys, arrays in order). Prints one line per comparison
and exits 1 on any difference. The API key comes from the environment
variable named by the third argument (the reference server's development
key when it is unset); no token, password or key is printed.
"""

import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

ACTIVE_ACCOUNTS = [("12345678909", "123456"), ("52998224725", "654321")]


def call(url, headers=None, body=None, form=None):
    data = None
    headers = dict(headers or {})
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        headers["Content-Type"] = "application/json"
    elif form is not None:
        data = urllib.parse.urlencode(form).encode("utf-8")
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def main(reference, oauth2, key_variable):
    key = os.environ.get(key_variable) or "gatehouse-dev-key"
    differences = 0

    def compare(what, ours, theirs):
        nonlocal differences
        same = ours == theirs
        differences += 0 if same else 1
        print(f"{'same' if same else 'DIFFERENT'}: {what}")
        if not same:
            print(f"  reference: {json.dumps(theirs, ensure_ascii=False)[:2000]}")
            print(f"  oauth2:    {json.dumps(ours, ensure_ascii=False)[:2000]}")

    for cpf, password in ACTIVE_ACCOUNTS:
        status, signed = call(f"{reference}/challenge/auth", {"apikey": key}, body={"cpf": cpf, "password": password})
        if status != 200:
            sys.exit(f"the reference server refused {cpf}'s sign-in: {status} {signed}")
        theirs = {"token": signed["token"], "apikey": key}
        status, granted = call(f"{oauth2}/o/token/", form={
            "grant_type": "password", "username": cpf, "password": password, "client_id": "gatehouse-public"})
        if status != 200:
            sys.exit(f"the OAuth 2.0 server refused {cpf}'s password grant: {status} {granted}")
        ours = {"Authorization": f"Bearer {granted['access_token']}"}

        for route in ("/users/me", "/challenge/list"):
            compare(f"{cpf} GET {route}", call(oauth2 + route, ours), call(reference + route, theirs))
        _, listed = call(f"{oauth2}/challenge/list", ours)
        ids = [item["id"] for section in listed["results"] for item in section["items"]]
        for entry_id in ids:
            route = f"/challenge/details/{entry_id}"
            compare(f"{cpf} GET {route}", call(oauth2 + route, ours), call(reference + route, theirs))
        route = "/challenge/details/no-such-id"
        ours_missing, theirs_missing = call(oauth2 + route, ours), call(reference + route, theirs)
        compare(f"{cpf} GET {route}", ours_missing, theirs_missing)

    print(f"{differences} difference(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
