"""The test server's own tests of its compliant mode (`scripts/oauth2-server
test` runs them with OAUTH2_SERVER_MODE=compliant): the server as a real
deployment would be, over real HTTP (Django's live server on 127.0.0.1),
with the scripted browser (OAuth2Server/scripted_browser.py) playing the
person and a one-shot loopback listener playing the native app's redirect
receiver (RFC 8252 §7.3).
"""

import base64
import contextlib
import hashlib
import http.server
import io
import json
import os
import secrets
import subprocess
import sys
import threading
from pathlib import Path
from unittest import skipUnless
from urllib.parse import parse_qs, urlencode, urlsplit

import requests
from django.conf import settings
from django.core import checks
from django.test import LiveServerTestCase as DjangoLiveServerTestCase
from jwcrypto import jwk, jwt

from .seed_accounts import NATIVE_CLIENT_ID, restore_seed

SCRIPTED_BROWSER = Path(__file__).resolve().parent.parent / "scripted_browser.py"
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
MARIA = ("12345678909", "123456")


class LoopbackListener:
    """A one-shot HTTP listener on 127.0.0.1 and an ephemeral port: the
    native app's redirect receiver. It keeps the one request's query."""

    def __init__(self):
        received = {}

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                received["query"] = parse_qs(urlsplit(self.path).query)
                received["path"] = urlsplit(self.path).path
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.end_headers()
                self.wfile.write(b"You can close this window.")

            def log_message(self, *args):
                pass

        self.received = received
        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.server.timeout = 30
        self.thread = threading.Thread(target=self.server.handle_request, daemon=True)
        self.thread.start()
        self.redirect_uri = f"http://127.0.0.1:{self.server.server_port}/callback"

    def close(self):
        self.thread.join(30)
        self.server.server_close()


def pkce_pair():
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def run_browser(*argv):
    """scripted_browser.main in this process: (exit status, stdout, stderr)."""
    sys.path.insert(0, str(SCRIPTED_BROWSER.parent))
    try:
        import scripted_browser
    finally:
        sys.path.pop(0)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = scripted_browser.main(list(argv))
    return status, out.getvalue(), err.getvalue()


@skipUnless(settings.COMPLIANT, "the compliant mode's tests (scripts/oauth2-server test runs both modes)")
class CompliantServerTestCase(DjangoLiveServerTestCase):
    host = "127.0.0.1"

    def setUp(self):
        restore_seed()
        self.base = self.live_server_url
        self.issuer = f"{self.base}/o"

    # --- the authorization code grant, through the scripted browser ---

    def authorize(self, consent="allow", account=MARIA, method="S256", challenge=None, scope="openid profile email read",
                  browser=run_browser):
        """One authorization request through the scripted browser; (listener's query, verifier, redirect URI, nonce, browser's answer)."""
        listener = LoopbackListener()
        verifier, s256 = pkce_pair()
        state, nonce = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
        query = {"response_type": "code", "client_id": NATIVE_CLIENT_ID, "redirect_uri": listener.redirect_uri,
                 "scope": scope, "state": state, "nonce": nonce}
        if method is not None:
            query.update(code_challenge=challenge or (s256 if method == "S256" else verifier),
                         code_challenge_method=method)
        url = f"{self.base}/o/authorize/?{urlencode(query)}"
        answer = browser("authorize", url, "--account", account[0], "--password", account[1], "--consent", consent)
        if answer[0] != 0:
            # Nothing reached the listener: release it.
            requests.get(listener.redirect_uri + "?released=1", timeout=10)
        listener.close()
        received = {key: values[0] for key, values in listener.received.get("query", {}).items()}
        received.pop("released", None)
        if received:
            self.assertEqual(received.get("state"), state)
        return received, verifier, listener.redirect_uri, nonce, answer

    def exchange(self, code, redirect_uri, verifier=None):
        form = {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri,
                "client_id": NATIVE_CLIENT_ID}
        if verifier is not None:
            form["code_verifier"] = verifier
        return requests.post(f"{self.base}/o/token/", data=form, timeout=10)

    def signed_in(self):
        received, verifier, redirect_uri, nonce, _ = self.authorize()
        answer = self.exchange(received["code"], redirect_uri, verifier)
        self.assertEqual(answer.status_code, 200, answer.text)
        return answer.json(), nonce

    def refresh(self, refresh_token):
        return requests.post(f"{self.base}/o/token/", data={"grant_type": "refresh_token", "client_id": NATIVE_CLIENT_ID,
                                                           "refresh_token": refresh_token}, timeout=10)

    def revoke(self, token, hint):
        return requests.post(f"{self.base}/o/revoke_token/", data={"token": token, "token_type_hint": hint,
                                                                  "client_id": NATIVE_CLIENT_ID}, timeout=10)

    def bearer(self, path, access_token):
        return requests.get(f"{self.base}{path}", headers={"Authorization": f"Bearer {access_token}"}, timeout=10)

    def table(self):
        return requests.get(f"{self.base}/_test/tokens", timeout=10).json()

    def control(self, path):
        return requests.post(f"{self.base}{path}", timeout=10)

    @staticmethod
    def checksum(token):
        return hashlib.sha256(token.encode()).hexdigest()[:8] + "…"

    # --- the device flow ---

    def device_authorization(self, scope="read"):
        answer = requests.post(f"{self.base}/o/device-authorization/",
                               data={"client_id": NATIVE_CLIENT_ID, "scope": scope}, timeout=10)
        self.assertEqual(answer.status_code, 200, answer.text)
        return answer.json()

    def poll(self, device_code):
        return requests.post(f"{self.base}/o/token/", data={"grant_type": DEVICE_GRANT, "device_code": device_code,
                                                           "client_id": NATIVE_CLIENT_ID}, timeout=10)

    def verify(self, user_code, deny=False, account=MARIA):
        argv = ["device", f"{self.base}/o/device/", "--user-code", user_code, "--account", account[0],
                "--password", account[1]]
        return run_browser(*(argv + ["--deny"] if deny else argv))


class ConfigurationTests(CompliantServerTestCase):
    def test_check_deploy_reports_no_rfc_9700_message(self):
        messages = checks.run_checks(include_deployment_checks=True)
        ours = [message.id for message in messages if message.id and message.id.startswith("oauth2_provider.")]
        self.assertEqual(ours, [])

    def test_the_settings_are_the_documented_compliant_column(self):
        expected = {
            "PKCE_REQUIRED": True, "ALLOWED_REDIRECT_URI_SCHEMES": ["https"], "ALLOW_URI_WILDCARDS": False,
            "OIDC_ENABLED": True, "OIDC_RP_INITIATED_LOGOUT_ENABLED": True, "ID_TOKEN_EXPIRE_SECONDS": 300,
            "ROTATE_REFRESH_TOKEN": True, "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": 0,
            "REFRESH_TOKEN_REUSE_PROTECTION": True, "ACCESS_TOKEN_EXPIRE_SECONDS": 300, "DEVICE_FLOW_INTERVAL": 5,
            "DEFAULT_SCOPES": ["read"],
        }
        self.assertEqual({name: settings.OAUTH2_PROVIDER[name] for name in expected}, expected)
        self.assertEqual(set(settings.OAUTH2_PROVIDER["SCOPES"]), {"read", "openid", "profile", "email"})
        self.assertTrue(settings.OAUTH2_PROVIDER["OIDC_RSA_PRIVATE_KEY"].startswith("-----BEGIN PRIVATE KEY-----"))

    def test_the_signing_key_is_made_owner_only_as_rsa_2048(self):
        import tempfile

        sys.path.insert(0, str(SCRIPTED_BROWSER.parent))
        try:
            from make_signing_key import write_signing_key
        finally:
            sys.path.pop(0)
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "key.pem"
            path.write_text("old")
            path.chmod(0o644)
            write_signing_key(path)
            self.assertEqual(path.stat().st_mode & 0o777, 0o600)
            key = jwk.JWK.from_pem(path.read_bytes())
            self.assertEqual((key["kty"], len(base64.urlsafe_b64decode(key["n"] + "=="))), ("RSA", 256))

    def test_every_rfc_9700_gate_is_on(self):
        gates = {name: value for name, value in settings.OAUTH2_PROVIDER.items() if name.startswith("COMPLIANT_BCP_RFC9700_")}
        self.assertEqual(len(gates), 10)
        self.assertTrue(all(gates.values()), gates)
        for name in ("PKCE_REQUIRED", "ROTATE_REFRESH_TOKEN", "REFRESH_TOKEN_REUSE_PROTECTION", "OIDC_ENABLED",
                     "OIDC_RP_INITIATED_LOGOUT_ENABLED"):
            self.assertIs(settings.OAUTH2_PROVIDER[name], True, name)
        self.assertEqual(settings.OAUTH2_PROVIDER["REFRESH_TOKEN_GRACE_PERIOD_SECONDS"], 0)

    def test_the_one_client_is_public_without_a_secret_and_no_password_grant_client_exists(self):
        from oauth2_provider.models import get_application_model

        clients = list(get_application_model().objects.all())
        self.assertEqual([client.client_id for client in clients], [NATIVE_CLIENT_ID])
        [native] = clients
        self.assertEqual((native.client_type, native.client_secret, native.skip_authorization), ("public", "", False))
        self.assertTrue(native.allows_grant_type("authorization-code"))
        self.assertTrue(native.allows_grant_type(DEVICE_GRANT))
        self.assertFalse(native.allows_grant_type("password"))
        self.assertFalse(native.allows_grant_type("client-credentials"))
        self.assertFalse(native.allows_grant_type("implicit"))

    def test_discovery_names_the_issuer_and_every_endpoint(self):
        document = requests.get(f"{self.base}/o/.well-known/openid-configuration", timeout=10).json()
        self.assertEqual(document["issuer"], self.issuer)
        self.assertEqual(document["authorization_endpoint"], f"{self.issuer}/authorize/")
        self.assertEqual(document["token_endpoint"], f"{self.issuer}/token/")
        self.assertEqual(document["userinfo_endpoint"], f"{self.issuer}/userinfo/")
        self.assertEqual(document["jwks_uri"], f"{self.issuer}/.well-known/jwks.json")
        self.assertEqual(document["end_session_endpoint"], f"{self.issuer}/logout/")
        self.assertEqual(document["code_challenge_methods_supported"], ["S256"])
        self.assertEqual(document["response_types_supported"], ["code"])
        self.assertEqual(document["token_endpoint_auth_methods_supported"], ["none"])
        self.assertIs(document["authorization_response_iss_parameter_supported"], True)
        self.assertLessEqual({"sub", "name", "email", "cpf"}, set(document["claims_supported"]))
        self.assertEqual(requests.get(f"{self.base}/.well-known/openid-configuration", timeout=10).status_code, 404)
        metadata = requests.get(f"{self.base}/o/.well-known/oauth-authorization-server", timeout=10).json()
        self.assertEqual(metadata["issuer"], self.issuer)
        self.assertEqual(metadata["authorization_endpoint"], f"{self.issuer}/authorize/")
        self.assertNotIn("password", metadata["grant_types_supported"])

    def test_the_password_grant_is_refused(self):
        answer = requests.post(f"{self.base}/o/token/", data={"grant_type": "password", "username": MARIA[0],
                                                             "password": MARIA[1], "client_id": NATIVE_CLIENT_ID},
                               timeout=10)
        self.assertEqual(answer.status_code, 400)
        self.assertEqual(answer.json()["error"], "unauthorized_client")
        self.assertEqual(self.table(), {"access": [], "refresh": []})


class AuthorizationCodeTests(CompliantServerTestCase):
    def test_maria_signs_in_through_the_login_page_and_the_redirect_carries_code_state_and_iss(self):
        received, verifier, redirect_uri, nonce, (status, out, err) = self.authorize()
        self.assertEqual(status, 0, err)
        self.assertEqual(out.strip(), f"delivered the authorization response to {redirect_uri} (it answered 200)")
        self.assertEqual(set(received), {"code", "state", "iss"})
        self.assertEqual(received["iss"], self.issuer)
        self.assertNotIn(received["code"], out + err)
        answer = self.exchange(received["code"], redirect_uri, verifier)
        self.assertEqual(answer.status_code, 200)
        body = answer.json()
        self.assertEqual((body["token_type"], body["expires_in"]), ("Bearer", 300))
        self.assertTrue(body["access_token"] and body["refresh_token"] and body["id_token"])
        self.assertEqual(self.bearer("/users/me", body["access_token"]).json()["cpf"], MARIA[0])

    def test_the_id_token_is_rs256_signed_by_the_jwks_key_with_nonce_aud_azp_and_the_account_as_sub(self):
        body, nonce = self.signed_in()
        keys = jwk.JWKSet.from_json(requests.get(f"{self.issuer}/.well-known/jwks.json", timeout=10).text)
        token = jwt.JWT(jwt=body["id_token"], key=keys, expected_type="JWS", algs=["RS256"])
        claims = json.loads(token.claims)
        self.assertEqual(json.loads(token.header)["alg"], "RS256")
        self.assertEqual((claims["iss"], claims["aud"], claims["azp"], claims["nonce"]),
                         (self.issuer, NATIVE_CLIENT_ID, NATIVE_CLIENT_ID, nonce))
        self.assertEqual(claims["sub"], "5b1d7c2e-0c4f-4a51-9d0e-000000000001")
        self.assertEqual((claims["name"], claims["email"], claims["cpf"]), ("Maria Silva", "maria@example.com", MARIA[0]))
        self.assertEqual(claims["exp"] - claims["iat"], 300)
        self.assertEqual(self.bearer("/users/me", body["id_token"]).status_code, 401)

    def test_a_rotated_key_signs_the_next_id_token_the_first_stays_published_and_reset_restores_it(self):
        self.addCleanup(self.control, "/_test/reset")
        before, _ = self.signed_in()
        rotation = self.control("/_test/rotate-signing-key")
        self.assertEqual(rotation.status_code, 200, rotation.text)
        signing, retired = rotation.json()["signing"], rotation.json()["retired"]
        keys = jwk.JWKSet.from_json(requests.get(f"{self.issuer}/.well-known/jwks.json", timeout=10).text)
        # A JWKSet keeps its keys in a set: compare which keys, not their order.
        self.assertEqual({key.key_id for key in keys["keys"]}, {signing, *retired})
        self.assertEqual(len(keys["keys"]), 1 + len(retired))
        after, _ = self.signed_in()
        for body, kid in ((before, retired[0]), (after, signing)):
            token = jwt.JWT(jwt=body["id_token"], key=keys, expected_type="JWS", algs=["RS256"])
            self.assertEqual(json.loads(token.header)["kid"], kid)
        self.assertNotEqual(signing, retired[0])
        self.assertEqual(self.control("/_test/reset").json(), {"reset": True})
        restored = jwk.JWKSet.from_json(requests.get(f"{self.issuer}/.well-known/jwks.json", timeout=10).text)
        self.assertEqual([key.key_id for key in restored["keys"]], [retired[0]])

    def test_userinfo_answers_the_seeded_accounts_claims(self):
        body, _ = self.signed_in()
        claims = self.bearer("/o/userinfo/", body["access_token"]).json()
        self.assertEqual(claims, {"sub": "5b1d7c2e-0c4f-4a51-9d0e-000000000001", "name": "Maria Silva",
                                  "email": "maria@example.com", "cpf": "12345678909"})

    def test_a_wrong_or_missing_verifier_is_invalid_grant(self):
        for wrong in (secrets.token_urlsafe(48), None):
            received, _, redirect_uri, _, _ = self.authorize()
            answer = self.exchange(received["code"], redirect_uri, wrong)
            self.assertEqual(answer.status_code, 400)
            self.assertEqual(answer.json()["error"], "invalid_grant" if wrong else "invalid_request")

    def test_a_reused_code_is_refused_and_the_tokens_it_gave_still_work(self):
        received, verifier, redirect_uri, _, _ = self.authorize()
        first = self.exchange(received["code"], redirect_uri, verifier)
        self.assertEqual(first.status_code, 200)
        again = self.exchange(received["code"], redirect_uri, verifier)
        self.assertEqual((again.status_code, again.json()["error"]), (400, "invalid_grant"))
        # DOT 3.4.1 deletes a code when it is exchanged and does not revoke
        # what it gave (RFC 6749 §4.1.2's SHOULD): the first tokens still work.
        self.assertEqual(self.bearer("/users/me", first.json()["access_token"]).status_code, 200)

    def test_a_plain_or_missing_code_challenge_is_invalid_request_at_the_redirect(self):
        # RFC 7636 §4.4.1: the error goes to the client's redirect URI, with `state` and `iss`.
        for method in ("plain", None):
            received, _, _, _, (status, _, err) = self.authorize(method=method)
            self.assertEqual(status, 0, err)
            self.assertEqual((received["error"], received["iss"]), ("invalid_request", self.issuer), method)
            self.assertNotIn("code", received)

    def test_prompt_none_without_a_session_is_login_required_at_the_redirect(self):
        _, challenge = pkce_pair()
        redirect_uri = "http://127.0.0.1:5555/callback"
        answer = requests.get(f"{self.base}/o/authorize/", params={
            "response_type": "code", "client_id": NATIVE_CLIENT_ID, "redirect_uri": redirect_uri, "scope": "openid",
            "state": "quiet", "prompt": "none", "code_challenge": challenge, "code_challenge_method": "S256"},
            allow_redirects=False, timeout=10)
        self.assertEqual(answer.status_code, 302)
        location = urlsplit(answer.headers["Location"])
        self.assertEqual(f"{location.scheme}://{location.netloc}{location.path}", redirect_uri)
        self.assertEqual({key: values[0] for key, values in parse_qs(location.query).items()},
                         {"error": "login_required", "state": "quiet", "iss": self.issuer})

    def test_an_unregistered_redirect_uri_or_client_is_shown_never_redirected(self):
        _, challenge = pkce_pair()
        for client_id, redirect_uri in ((NATIVE_CLIENT_ID, "http://evil.example/callback"),
                                        ("no-such-client", "http://127.0.0.1:5555/callback")):
            answer = requests.get(f"{self.base}/o/authorize/", params={
                "response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "state": "s",
                "prompt": "none", "code_challenge": challenge, "code_challenge_method": "S256"},
                allow_redirects=False, timeout=10)
            self.assertNotIn(answer.status_code, (301, 302, 303, 307, 308), client_id)

    def test_consent_denied_is_access_denied_at_the_redirect(self):
        received, _, _, _, (status, _, _) = self.authorize(consent="deny")
        self.assertEqual(status, 0)
        self.assertEqual(received["error"], "access_denied")
        self.assertEqual(received["iss"], self.issuer)
        self.assertNotIn("code", received)

    def test_the_login_page_sets_csrf_and_session_cookies_and_refuses_with_one_sentence(self):
        browser = requests.Session()
        page = browser.get(f"{self.base}/accounts/login/", timeout=10)
        self.assertEqual(page.headers["X-Frame-Options"], "DENY")
        self.assertIn("csrftoken", browser.cookies)
        self.assertIn('name="csrfmiddlewaretoken"', page.text)
        self.assertIn("CPF or e-mail", page.text)
        token = browser.cookies["csrftoken"]
        without_csrf = requests.post(f"{self.base}/accounts/login/", data={"username": MARIA[0], "password": MARIA[1]},
                                     timeout=10)
        self.assertEqual(without_csrf.status_code, 403)
        for identifier, password in (("76626692038", "111111"), ("00000000000", "123456"), (MARIA[0], "000000")):
            refused = browser.post(f"{self.base}/accounts/login/", data={
                "username": identifier, "password": password, "csrfmiddlewaretoken": token}, timeout=10)
            self.assertEqual(refused.status_code, 200)
            self.assertIn("Your CPF or e-mail and password did not match an active account.", refused.text)
            self.assertNotIn("sessionid", browser.cookies)
        signed = browser.post(f"{self.base}/accounts/login/?next=/o/device/", data={
            "username": "MARIA@example.com", "password": MARIA[1], "csrfmiddlewaretoken": token,
            "next": "/o/device/"}, allow_redirects=False, timeout=10)
        self.assertEqual((signed.status_code, signed.headers["Location"]), (302, "/o/device/"))
        self.assertIn("sessionid", browser.cookies)
        self.assertEqual(browser.get(f"{self.base}/o/device/", allow_redirects=False, timeout=10).status_code, 200)
        out = browser.post(f"{self.base}/accounts/logout/", data={"csrfmiddlewaretoken": browser.cookies["csrftoken"]},
                           timeout=10)
        self.assertEqual(out.status_code, 200)
        after = browser.get(f"{self.base}/o/device/", allow_redirects=False, timeout=10)
        self.assertEqual((after.status_code, after.headers["Location"]), (302, "/accounts/login/?next=/o/device/"))

    def test_a_wrong_password_and_inactive_carla_cannot_log_in(self):
        for account in ((MARIA[0], "000000"), ("76626692038", "111111"), ("carla.souza@example.com", "111111")):
            received, _, _, _, (status, out, err) = self.authorize(account=account)
            self.assertEqual((status, received), (1, {}), account)
            self.assertEqual(err.strip(), "scripted_browser: the login page refused the account and password")
            self.assertNotIn(account[1], out + err)

    def test_a_redirect_uri_on_another_host_or_path_is_refused_and_any_loopback_port_is_accepted(self):
        from oauth2_provider.models import get_application_model

        native = get_application_model().objects.get(client_id=NATIVE_CLIENT_ID)
        self.assertTrue(native.redirect_uri_allowed("http://127.0.0.1:1234/callback"))
        self.assertTrue(native.redirect_uri_allowed("http://127.0.0.1:65000/callback"))
        for uri in ("http://localhost:1234/callback", "http://127.0.0.1:1234/other", "https://evil.example/callback",
                    "http://evil.example/callback", "http://127.0.0.1:1234/callback?x=1"):
            self.assertFalse(native.redirect_uri_allowed(uri), uri)
        self.assertIn("http", native.get_allowed_schemes())
        self.assertEqual(settings.OAUTH2_PROVIDER["ALLOWED_REDIRECT_URI_SCHEMES"], ["https"])

    def test_as_browser_it_reads_the_person_from_the_environment(self):
        def as_browser(command, url, *rest):
            environment = dict(os.environ, SCRIPTED_BROWSER_ACCOUNT=MARIA[0], SCRIPTED_BROWSER_PASSWORD=MARIA[1],
                               SCRIPTED_BROWSER_CONSENT="allow")
            done = subprocess.run([sys.executable, str(SCRIPTED_BROWSER), url], env=environment, capture_output=True,
                                  text=True, timeout=60)
            return done.returncode, done.stdout, done.stderr

        received, verifier, redirect_uri, _, (status, out, err) = self.authorize(browser=as_browser)
        self.assertEqual(status, 0, err)
        self.assertEqual(self.exchange(received["code"], redirect_uri, verifier).status_code, 200)


class RefreshAndRevocationTests(CompliantServerTestCase):
    def test_a_refresh_rotates_and_reusing_the_old_refresh_token_revokes_the_family(self):
        first, _ = self.signed_in()
        second = self.refresh(first["refresh_token"])
        self.assertEqual(second.status_code, 200)
        second = second.json()
        self.assertNotEqual(second["refresh_token"], first["refresh_token"])
        self.assertEqual(self.bearer("/users/me", first["access_token"]).status_code, 401)
        reuse = self.refresh(first["refresh_token"])
        self.assertEqual((reuse.status_code, reuse.json()["error"]), (400, "invalid_grant"))
        after = self.refresh(second["refresh_token"])
        self.assertEqual((after.status_code, after.json()["error"]), (400, "invalid_grant"))
        self.assertEqual(self.bearer("/users/me", second["access_token"]).json()["code"], "TOKEN_INVALID")

    def test_revoking_both_tokens_shows_in_the_token_table(self):
        body, _ = self.signed_in()
        table = self.table()
        [access], [refresh] = table["access"], table["refresh"]
        # Hashed storage: the server keeps no token, the table shows its SHA-256's start.
        self.assertEqual((access["token"], refresh["token"]), ("", ""))
        self.assertEqual(access["checksum"], self.checksum(body["access_token"]))
        self.assertEqual(refresh["checksum"], self.checksum(body["refresh_token"]))
        self.assertEqual((access["user"], access["client"], refresh["revoked"]), (MARIA[0], NATIVE_CLIENT_ID, None))
        # RFC 7009 §2.1's MAY, which DOT does: revoking the access token revokes its refresh token too.
        self.assertEqual(self.revoke(body["access_token"], "access_token").status_code, 200)
        table = self.table()
        self.assertEqual(table["access"], [])
        self.assertIsNotNone(table["refresh"][0]["revoked"])
        self.assertEqual(self.revoke(body["refresh_token"], "refresh_token").status_code, 200)
        table = self.table()
        self.assertEqual(table["access"], [])
        [refresh] = table["refresh"]
        self.assertEqual(refresh["checksum"], self.checksum(body["refresh_token"]))
        self.assertIsNotNone(refresh["revoked"])
        self.assertEqual(self.bearer("/users/me", body["access_token"]).json()["code"], "TOKEN_INVALID")
        self.assertEqual(self.refresh(body["refresh_token"]).json()["error"], "invalid_grant")
        self.assertNotIn(body["access_token"], json.dumps(table))

    def test_revoking_the_refresh_token_deletes_its_access_token(self):
        body, _ = self.signed_in()
        self.assertEqual(self.revoke(body["refresh_token"], "refresh_token").status_code, 200)
        table = self.table()
        self.assertEqual(table["access"], [])
        self.assertIsNotNone(table["refresh"][0]["revoked"])
        self.assertFalse(table["refresh"][0]["access_token_present"])
        self.assertEqual(self.bearer("/users/me", body["access_token"]).json()["code"], "TOKEN_INVALID")

    def test_expire_access_tokens_and_reset_work(self):
        body, _ = self.signed_in()
        self.assertEqual(self.control("/_test/expire-access-tokens").json(), {"expired": 1})
        self.assertEqual(self.bearer("/users/me", body["access_token"]).json()["code"], "TOKEN_EXPIRED")
        self.assertEqual(self.refresh(body["refresh_token"]).status_code, 200)
        self.assertEqual(self.control("/_test/reset").json(), {"reset": True})
        self.assertEqual(self.table(), {"access": [], "refresh": []})

    def test_end_session_with_the_id_token_revokes_both_tokens_and_redirects_to_the_loopback(self):
        # OIDC RP-Initiated Logout: no browser session here, so no prompt.
        body, _ = self.signed_in()
        back = "http://127.0.0.1:5555/callback"
        answer = requests.get(f"{self.issuer}/logout/", params={
            "id_token_hint": body["id_token"], "client_id": NATIVE_CLIENT_ID, "post_logout_redirect_uri": back,
            "state": "after-logout"}, allow_redirects=False, timeout=10)
        self.assertEqual((answer.status_code, answer.headers["Location"]), (302, f"{back}?state=after-logout"))
        table = self.table()
        self.assertEqual(table["access"], [])
        self.assertIsNotNone(table["refresh"][0]["revoked"])
        self.assertEqual(self.refresh(body["refresh_token"]).json()["error"], "invalid_grant")
        elsewhere = requests.get(f"{self.issuer}/logout/", params={
            "id_token_hint": body["id_token"], "client_id": NATIVE_CLIENT_ID,
            "post_logout_redirect_uri": "http://evil.example/callback"}, allow_redirects=False, timeout=10)
        self.assertNotEqual(elsewhere.status_code, 302)
        # Without post_logout_redirect_uri DOT redirects to the server's root,
        # which its https-only check refuses on this plain-http server.
        nowhere = requests.get(f"{self.issuer}/logout/", params={"id_token_hint": body["id_token"]},
                               allow_redirects=False, timeout=10)
        self.assertEqual(nowhere.status_code, 400)

    def test_end_session_in_a_logged_in_browser_asks_first_then_ends_the_session_and_revokes(self):
        sys.path.insert(0, str(SCRIPTED_BROWSER.parent))
        try:
            import scripted_browser
        finally:
            sys.path.pop(0)
        listener = LoopbackListener()
        verifier, challenge = pkce_pair()
        url = f"{self.base}/o/authorize/?" + urlencode({
            "response_type": "code", "client_id": NATIVE_CLIENT_ID, "redirect_uri": listener.redirect_uri,
            "scope": "openid", "state": "s", "code_challenge": challenge, "code_challenge_method": "S256"})
        browser = scripted_browser.ScriptedBrowser(url)
        browser.authorize(url, MARIA[0], MARIA[1], "allow")
        listener.close()
        code = listener.received["query"]["code"][0]
        body = self.exchange(code, listener.redirect_uri, verifier).json()
        back = "http://127.0.0.1:5555/callback"
        logout = f"{self.issuer}/logout/?" + urlencode({
            "id_token_hint": body["id_token"], "client_id": NATIVE_CLIENT_ID, "post_logout_redirect_uri": back,
            "state": "bye"})
        prompt = browser.session.get(logout, timeout=10)
        self.assertEqual(prompt.status_code, 200)
        self.assertIn("Confirm Logout", prompt.text)
        self.assertIsNone(self.table()["refresh"][0]["revoked"])
        fields = {"csrfmiddlewaretoken": browser.session.cookies["csrftoken"], "allow": "Logout",
                  "id_token_hint": body["id_token"], "client_id": NATIVE_CLIENT_ID,
                  "post_logout_redirect_uri": back, "state": "bye"}
        done = browser.session.post(logout, data=fields, allow_redirects=False, timeout=10)
        self.assertEqual((done.status_code, done.headers["Location"]), (302, f"{back}?state=bye"))
        self.assertIsNotNone(self.table()["refresh"][0]["revoked"])
        again = browser.session.get(f"{self.base}/o/device/", allow_redirects=False, timeout=10)
        self.assertEqual(again.headers["Location"], "/accounts/login/?next=/o/device/")


class DeviceFlowTests(CompliantServerTestCase):
    def test_polling_again_sooner_than_the_interval_is_slow_down(self):
        started = self.device_authorization()
        first = self.poll(started["device_code"])
        self.assertEqual(first.json()["error"], "authorization_pending")
        second = self.poll(started["device_code"])
        self.assertEqual((second.status_code, second.json()["error"]), (400, "slow_down"))

    def test_an_unknown_or_used_user_code_is_refused_on_the_verification_page(self):
        self.assertEqual(self.verify("NOSUCHCD")[2].strip(),
                         "scripted_browser: the verification page refused the user code")
        started = self.device_authorization()
        self.assertEqual(self.verify(started["user_code"])[0], 0)
        status, _, err = self.verify(started["user_code"])
        self.assertEqual((status, err.strip()), (1, "scripted_browser: the verification page refused the user code"))

    def test_pending_then_approved_answers_tokens_once(self):
        started = self.device_authorization(scope="openid read")
        self.assertEqual(set(started), {"device_code", "user_code", "verification_uri", "expires_in", "interval"})
        self.assertTrue(started["verification_uri"].endswith("/o/device/"))
        self.assertEqual((started["expires_in"], started["interval"]), (1800, 5))
        pending = self.poll(started["device_code"])
        self.assertEqual((pending.status_code, pending.json()["error"]), (400, "authorization_pending"))
        status, out, err = self.verify(started["user_code"])
        self.assertEqual(status, 0, err)
        self.assertEqual(out.strip(), "the device was authorized")
        tokens = self.poll(started["device_code"])
        self.assertEqual(tokens.status_code, 200, tokens.text)
        self.assertEqual(tokens.json()["scope"], "openid read")
        self.assertNotIn("id_token", tokens.json())
        self.assertEqual(self.bearer("/users/me", tokens.json()["access_token"]).json()["cpf"], MARIA[0])
        again = self.poll(started["device_code"])
        self.assertEqual((again.status_code, again.json()["error"]), (400, "invalid_grant"))
        rotated = self.refresh(tokens.json()["refresh_token"])
        self.assertEqual(rotated.status_code, 200)

    def test_denied_is_access_denied(self):
        started = self.device_authorization()
        status, out, err = self.verify(started["user_code"], deny=True)
        self.assertEqual(status, 0, err)
        self.assertEqual(out.strip(), "the device was denied")
        answer = self.poll(started["device_code"])
        self.assertEqual((answer.status_code, answer.json()["error"]), (400, "access_denied"))

    def test_an_expired_device_code_is_expired_token_and_its_user_code_is_refused(self):
        started = self.device_authorization()
        self.assertEqual(self.control("/_test/expire-device-codes").json(), {"expired": 1})
        answer = self.poll(started["device_code"])
        self.assertEqual((answer.status_code, answer.json()["error"]), (400, "expired_token"))
        status, _, err = self.verify(started["user_code"])
        self.assertEqual(status, 1)
        self.assertEqual(err.strip(), "scripted_browser: the verification page refused the user code")

    def test_an_unknown_device_code_is_invalid_grant(self):
        answer = self.poll("no-such-device-code")
        self.assertEqual((answer.status_code, answer.json()["error"]), (400, "invalid_grant"))


HEADLESS_BROWSER = os.environ.get("OAUTH2_SERVER_TEST_HEADLESS_BROWSER", "")


@skipUnless(HEADLESS_BROWSER, "headless Chromium's tests run by scripts/headless-browser test (.ci/run runs it)")
class HeadlessBrowserTests(CompliantServerTestCase):
    """scripts/headless-browser (Chromium, selenium) on the real pages: the
    same cases as the scripted browser's main ones."""

    @staticmethod
    def chromium(*argv, environment=None):
        done = subprocess.run([HEADLESS_BROWSER, *argv], env=environment or dict(os.environ), capture_output=True,
                              text=True, timeout=180)
        return done.returncode, done.stdout, done.stderr

    def test_chromium_signs_maria_in_and_the_redirect_reaches_the_loopback_listener(self):
        received, verifier, redirect_uri, nonce, (status, out, err) = self.authorize(browser=self.chromium)
        self.assertEqual(status, 0, err)
        self.assertEqual(out.strip(), f"delivered the authorization response to {redirect_uri}")
        self.assertEqual(set(received), {"code", "state", "iss"})
        self.assertEqual(received["iss"], self.issuer)
        answer = self.exchange(received["code"], redirect_uri, verifier)
        self.assertEqual(answer.status_code, 200)
        self.assertIn("id_token", answer.json())

    def test_chromium_cancelling_consent_is_access_denied_and_carla_cannot_log_in(self):
        received, _, _, _, (status, _, err) = self.authorize(consent="deny", browser=self.chromium)
        self.assertEqual(status, 0, err)
        self.assertEqual(received["error"], "access_denied")
        received, _, _, _, (status, _, err) = self.authorize(account=("76626692038", "111111"), browser=self.chromium)
        self.assertEqual((status, received), (1, {}))
        self.assertEqual(err.strip(), "headless-browser: the login page refused the account and password")

    def test_chromium_as_browser_reads_the_person_from_the_environment(self):
        def as_browser(command, url, *rest):
            environment = dict(os.environ, SCRIPTED_BROWSER_ACCOUNT=MARIA[0], SCRIPTED_BROWSER_PASSWORD=MARIA[1])
            return self.chromium(url, environment=environment)

        received, verifier, redirect_uri, _, (status, _, err) = self.authorize(browser=as_browser)
        self.assertEqual(status, 0, err)
        self.assertEqual(self.exchange(received["code"], redirect_uri, verifier).status_code, 200)

    def test_chromium_with_a_kept_profile_presses_confirm_logout_and_is_signed_out_of_the_server(self):
        # RP-Initiated Logout as the app's logout drives it: the browser that signed in keeps its
        # server session (HEADLESS_BROWSER_PROFILE), is shown "Confirm Logout", presses "Logout",
        # and is sent back to the loopback listener with the logout's state.
        import tempfile
        with tempfile.TemporaryDirectory(prefix="headless-profile-") as profile:
            environment = dict(os.environ, HEADLESS_BROWSER_PROFILE=profile, SCRIPTED_BROWSER_ACCOUNT=MARIA[0],
                               SCRIPTED_BROWSER_PASSWORD=MARIA[1])

            def kept(command, url, *rest):
                return self.chromium(url, environment=environment)

            status, out, err = self.chromium("session", self.base, environment=environment)
            self.assertEqual((status, out.strip()), (0, "the browser is not signed in to the server"), err)
            received, verifier, redirect_uri, _, (status, _, err) = self.authorize(browser=kept)
            self.assertEqual(status, 0, err)
            body = self.exchange(received["code"], redirect_uri, verifier).json()
            status, out, err = self.chromium("session", self.base, environment=environment)
            self.assertEqual((status, out.strip()), (0, "the browser is signed in to the server"), err)
            listener = LoopbackListener()
            logout = f"{self.issuer}/logout/?" + urlencode({
                "id_token_hint": body["id_token"], "client_id": NATIVE_CLIENT_ID,
                "post_logout_redirect_uri": listener.redirect_uri, "state": "bye"})
            status, out, err = self.chromium(logout, environment=environment)
            listener.close()
            self.assertEqual((status, out.strip()), (0, f"delivered the authorization response to {listener.redirect_uri}"),
                             err)
            self.assertEqual(listener.received["query"]["state"], ["bye"])
            self.assertIsNotNone(self.table()["refresh"][0]["revoked"])
            status, out, err = self.chromium("session", self.base, environment=environment)
            self.assertEqual((status, out.strip()), (0, "the browser is not signed in to the server"), err)

    def test_chromium_approves_and_denies_a_device(self):
        started = self.device_authorization()
        status, out, err = self.chromium("device", f"{self.base}/o/device/", "--user-code", started["user_code"],
                                         "--account", MARIA[0], "--password", MARIA[1])
        self.assertEqual((status, out.strip()), (0, "the device was authorized"), err)
        self.assertEqual(self.poll(started["device_code"]).status_code, 200)
        started = self.device_authorization()
        status, out, err = self.chromium("device", f"{self.base}/o/device/", "--user-code", started["user_code"],
                                         "--account", MARIA[0], "--password", MARIA[1], "--deny")
        self.assertEqual((status, out.strip()), (0, "the device was denied"), err)
        self.assertEqual(self.poll(started["device_code"]).json()["error"], "access_denied")
