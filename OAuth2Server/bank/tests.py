"""The test server's own tests of its legacy mode (`scripts/oauth2-server
test` runs them with OAUTH2_SERVER_MODE=legacy-password-grant; the compliant
mode's are in test_compliant.py): each promise of docs/oauth2-server.md
that the server itself keeps, through Django's test client against DOT's
real views. The seeded data is checked against the reference server by
`scripts/oauth2-server compare`.
"""

import base64
import hashlib
import json
from unittest import skipIf

from django.conf import settings
from django.test import TestCase

from .seed_accounts import CONFIDENTIAL_CLIENT_ID, CONFIDENTIAL_CLIENT_SECRET, PUBLIC_CLIENT_ID, restore_seed
from .seed_statement import SAMPLE_DETAILS_ID, SAMPLE_ITEM_ID, statement


@skipIf(settings.COMPLIANT, "the password grant's tests run in the legacy mode (scripts/oauth2-server test runs both)")
class ServerTestCase(TestCase):
    def setUp(self):
        restore_seed()

    def grant(self, username, password, **extra):
        return self.client.post("/o/token/", {"grant_type": "password", "username": username, "password": password,
                                              "client_id": PUBLIC_CLIENT_ID}, **extra)

    def refresh(self, refresh_token):
        return self.client.post("/o/token/", {"grant_type": "refresh_token", "refresh_token": refresh_token,
                                              "client_id": PUBLIC_CLIENT_ID})

    def signed_in(self, username="12345678909", password="123456"):
        answer = self.grant(username, password)
        self.assertEqual(answer.status_code, 200)
        return answer.json()

    def get_with(self, path, access_token):
        return self.client.get(path, HTTP_AUTHORIZATION=f"Bearer {access_token}")


class LegacySettingsTests(ServerTestCase):
    def test_the_settings_are_the_documented_legacy_column(self):
        from oauth2_provider.settings import oauth2_settings

        names = ["IMPLICIT_GRANT", "PASSWORD_GRANT", "PKCE_METHOD", "ACCESS_TOKEN_TRANSPORT", "AUTHZ_RESPONSE_ISS",
                 "TOKEN_STORAGE", "REFRESH_TOKEN", "REDIRECT_URI_SCHEME", "REDIRECT_URI_MATCHING", "PKCE_REQUIRED"]
        for name in names:
            self.assertIs(getattr(oauth2_settings, f"COMPLIANT_BCP_RFC9700_{name}"), False, name)
        expected = {"PKCE_REQUIRED": False, "ALLOWED_REDIRECT_URI_SCHEMES": ["http", "https"],
                    "ALLOW_URI_WILDCARDS": False, "OIDC_ENABLED": False, "OIDC_RP_INITIATED_LOGOUT_ENABLED": False,
                    "ROTATE_REFRESH_TOKEN": True, "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": 0,
                    "REFRESH_TOKEN_REUSE_PROTECTION": True, "ACCESS_TOKEN_EXPIRE_SECONDS": 300,
                    "SCOPES": {"read": "Read the profile and the statement"}, "DEFAULT_SCOPES": ["read"]}
        self.assertEqual({name: getattr(oauth2_settings, name) for name in expected}, expected)

    def test_the_clients_are_the_two_password_grant_clients(self):
        from oauth2_provider.models import get_application_model

        clients = {client.client_id: client for client in get_application_model().objects.all()}
        self.assertEqual(set(clients), {PUBLIC_CLIENT_ID, CONFIDENTIAL_CLIENT_ID})
        self.assertEqual(clients[PUBLIC_CLIENT_ID].client_type, "public")
        self.assertEqual(clients[CONFIDENTIAL_CLIENT_ID].client_type, "confidential")
        self.assertTrue(all(client.allows_grant_type("password") for client in clients.values()))


class PasswordGrantTests(ServerTestCase):
    def test_maria_signs_in_by_cpf_and_by_email_with_rfc6749_answers(self):
        for username in ("12345678909", "maria@example.com", " MARIA@example.com "):
            body = self.signed_in(username)
            self.assertEqual(body["token_type"], "Bearer")
            self.assertEqual(body["expires_in"], 300)
            self.assertEqual(body["scope"], "read")
            self.assertTrue(body["access_token"] and body["refresh_token"])

    def test_wrong_password_and_inactive_carla_are_invalid_grant(self):
        for username, password in (("12345678909", "000000"), ("76626692038", "111111"),
                                   ("carla.souza@example.com", "111111"), ("00000000000", "123456")):
            answer = self.grant(username, password)
            self.assertEqual(answer.status_code, 400, username)
            self.assertEqual(answer.json()["error"], "invalid_grant", username)

    def test_the_confidential_client_authenticates_by_http_basic_and_a_wrong_secret_is_invalid_client(self):
        def basic(secret):
            raw = f"{CONFIDENTIAL_CLIENT_ID}:{secret}".encode()
            return "Basic " + base64.b64encode(raw).decode()

        form = {"grant_type": "password", "username": "52998224725", "password": "654321"}
        right = self.client.post("/o/token/", form, HTTP_AUTHORIZATION=basic(CONFIDENTIAL_CLIENT_SECRET))
        self.assertEqual(right.status_code, 200)
        wrong = self.client.post("/o/token/", form, HTTP_AUTHORIZATION=basic("wrong"))
        self.assertEqual(wrong.status_code, 401)
        self.assertEqual(wrong.json()["error"], "invalid_client")


class RotationTests(ServerTestCase):
    def test_a_refresh_rotates_and_the_used_refresh_token_is_refused(self):
        first = self.signed_in()
        second = self.refresh(first["refresh_token"])
        self.assertEqual(second.status_code, 200)
        self.assertNotEqual(second.json()["refresh_token"], first["refresh_token"])
        self.assertEqual(self.get_with("/users/me", second.json()["access_token"]).status_code, 200)
        self.assertEqual(self.get_with("/users/me", first["access_token"]).status_code, 401)

    def test_reusing_a_used_refresh_token_revokes_the_family(self):
        first = self.signed_in()
        second = self.refresh(first["refresh_token"]).json()
        reuse = self.refresh(first["refresh_token"])
        self.assertEqual((reuse.status_code, reuse.json()["error"]), (400, "invalid_grant"))
        after = self.refresh(second["refresh_token"])
        self.assertEqual((after.status_code, after.json()["error"]), (400, "invalid_grant"))
        self.assertEqual(self.get_with("/users/me", second["access_token"]).json()["code"], "TOKEN_INVALID")

    def test_revoking_a_refresh_token_ends_it_and_its_access_token(self):
        tokens = self.signed_in()
        answer = self.client.post("/o/revoke_token/", {"token": tokens["refresh_token"],
                                                       "token_type_hint": "refresh_token",
                                                       "client_id": PUBLIC_CLIENT_ID})
        self.assertEqual(answer.status_code, 200)
        self.assertEqual(self.refresh(tokens["refresh_token"]).json()["error"], "invalid_grant")
        self.assertEqual(self.get_with("/users/me", tokens["access_token"]).json()["code"], "TOKEN_INVALID")
        table = self.client.get("/_test/tokens").json()
        self.assertEqual(table["access"], [])
        self.assertIsNotNone(table["refresh"][0]["revoked"])
        self.assertFalse(table["refresh"][0]["access_token_present"])


class ResourceTests(ServerTestCase):
    def test_the_profile_is_the_wire_contracts_user(self):
        body = self.get_with("/users/me", self.signed_in()["access_token"]).json()
        self.assertEqual(body, {"id": "5b1d7c2e-0c4f-4a51-9d0e-000000000001", "name": "Maria Silva",
                                "email": "maria@example.com", "cpf": "12345678909", "active": True,
                                "is_deleted": False})

    def test_the_statement_and_details_are_the_seeds_and_an_unknown_id_is_not_found(self):
        token = self.signed_in()["access_token"]
        listed = self.get_with("/challenge/list", token).json()
        self.assertEqual(listed, statement("12345678909"))
        self.assertEqual(listed["itemsTotal"], 30)
        self.assertEqual(len(listed["results"]), 10)
        ids = [item["id"] for section in listed["results"] for item in section["items"]]
        self.assertIn(SAMPLE_ITEM_ID, ids)
        details = self.get_with(f"/challenge/details/{SAMPLE_DETAILS_ID}", token).json()
        self.assertEqual(details["counterPartyName"], "Empresa ABC LTDA")
        missing = self.get_with("/challenge/details/no-such-id", token)
        self.assertEqual((missing.status_code, missing.json()["code"]), (404, "NOT_FOUND"))
        joao = self.signed_in("52998224725", "654321")["access_token"]
        self.assertEqual(self.get_with(f"/challenge/details/{SAMPLE_ITEM_ID}", joao).status_code, 404)

    def test_a_missing_unknown_or_expired_token_is_401_with_www_authenticate(self):
        token = self.signed_in()["access_token"]
        for headers, code in (({}, "TOKEN_INVALID"), ({"HTTP_AUTHORIZATION": "Bearer nope"}, "TOKEN_INVALID"),
                              ({"HTTP_AUTHORIZATION": f"Basic {token}"}, "TOKEN_INVALID")):
            answer = self.client.get("/challenge/list", **headers)
            self.assertEqual((answer.status_code, answer.json()["code"]), (401, code))
            self.assertEqual(answer["WWW-Authenticate"], 'Bearer error="invalid_token"')
        expired = self.client.post("/_test/expire-access-tokens", content_type="application/json")
        self.assertEqual(expired.json(), {"expired": 1})
        answer = self.client.get("/users/me", HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_APIKEY="ignored")
        self.assertEqual((answer.status_code, answer.json()["code"]), (401, "TOKEN_EXPIRED"))
        self.assertEqual(answer["WWW-Authenticate"], 'Bearer error="invalid_token"')

    def test_health_unknown_paths_and_other_methods(self):
        self.assertEqual(self.client.get("/health").json(), {"status": "healthy"})
        self.assertEqual(self.client.get("/nowhere").json()["code"], "NOT_FOUND")
        answer = self.client.post("/users/me")
        self.assertEqual((answer.status_code, answer["Allow"]), (405, "GET"))

    def test_a_host_other_than_loopback_is_refused(self):
        self.assertEqual(self.client.get("/health", HTTP_HOST="evil.example").status_code, 400)


class TestControlTests(ServerTestCase):
    def test_the_token_table_masks_every_token(self):
        tokens = self.signed_in()
        table = self.client.get("/_test/tokens").json()
        [access], [refresh] = table["access"], table["refresh"]
        self.assertEqual(access["token"], tokens["access_token"][:4] + "…")
        self.assertEqual(access["checksum"], hashlib.sha256(tokens["access_token"].encode()).hexdigest()[:8] + "…")
        self.assertEqual(access["client"], PUBLIC_CLIENT_ID)
        self.assertEqual(refresh["token"], tokens["refresh_token"][:4] + "…")
        self.assertEqual((access["user"], access["expired"]), ("12345678909", False))
        self.assertEqual((refresh["revoked"], refresh["access_token_present"]), (None, True))
        self.assertNotIn(tokens["access_token"], json.dumps(table))

    def test_reset_deletes_every_token(self):
        tokens = self.signed_in()
        self.assertEqual(self.client.post("/_test/reset", content_type="application/json").json(), {"reset": True})
        self.assertEqual(self.client.get("/_test/tokens").json(), {"access": [], "refresh": []})
        self.assertEqual(self.get_with("/users/me", tokens["access_token"]).status_code, 401)
        self.signed_in()

    def test_rotating_the_signing_key_is_not_found_where_no_id_token_is_signed(self):
        refused = self.client.post("/_test/rotate-signing-key", content_type="application/json")
        self.assertEqual(refused.status_code, 404)
        self.assertIn("no key to rotate", refused.json()["message"])

    def test_a_request_with_an_origin_or_a_non_json_body_is_refused_and_changes_nothing(self):
        self.signed_in()
        refused = self.client.post("/_test/reset", HTTP_ORIGIN="http://page.example")
        self.assertEqual(refused.status_code, 403)
        refused = self.client.post("/_test/expire-access-tokens", "x", content_type="text/plain")
        self.assertEqual(refused.status_code, 403)
        self.assertEqual(len(self.client.get("/_test/tokens").json()["access"]), 1)
        self.assertFalse(self.client.get("/_test/tokens").json()["access"][0]["expired"])
