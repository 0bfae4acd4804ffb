"""DOT's request validator with what this server adds: the device grant's
token request and the OpenID Connect claims of the seeded accounts."""

from oauth2_provider.models import get_device_grant_model
from oauth2_provider.oauth2_validators import OAuth2Validator
from oauthlib.oauth2.rfc8628.grant_types.device_code import DeviceCodeGrant


class GatehouseOAuth2Validator(OAuth2Validator):
    # OIDC Core §5.4: `name` with the `profile` scope, `email` with `email`;
    # `cpf` (ours: the account's eleven CPF digits) with `profile`.
    oidc_claim_scope = {**OAuth2Validator.oidc_claim_scope, "cpf": "profile"}

    def get_additional_claims(self):
        # Request-agnostic (no request parameter), so discovery lists them in
        # `claims_supported`. `sub` is the account's stable id, the wire
        # contract's User `id`, not Django's row number.
        return {
            "sub": lambda request: request.user.account.account_id,
            "name": lambda request: request.user.account.name,
            "email": lambda request: request.user.email,
            "cpf": lambda request: request.user.account.cpf,
        }

    def get_id_token_dictionary(self, token, token_handler, request):
        # OIDC Core §2: `azp`, the party the ID token was issued to.
        claims, expiration_time = super().get_id_token_dictionary(token, token_handler, request)
        claims["azp"] = request.client_id
        return claims, expiration_time

    def validate_device_code(self, client_id, code, request, *args, **kwargs):
        """RFC 8628 §3.5: the device code's state, for oauthlib's device grant.

        DOT 3.4.1 answers pending, denied and expired itself (views.TokenView)
        and hands only an authorized grant to oauthlib, which asks this method,
        which DOT's validator does not have. The code must be this client's.
        """
        model = get_device_grant_model()
        grant = model.objects.filter(device_code=code, client_id=client_id).first()
        if grant is None:
            return None
        if grant.is_expired():
            return DeviceCodeGrant.DEVICE_CODE_EXPIRED
        if grant.status == model.AUTHORIZED and grant.user is not None:
            request.user = grant.user
            request.scopes = grant.scope.split() if grant.scope else []
            return DeviceCodeGrant.DEVICE_CODE_AUTHORIZED
        if grant.status == model.DENIED:
            return DeviceCodeGrant.DEVICE_CODE_DENIED
        return DeviceCodeGrant.DEVICE_CODE_PENDING

    def validate_silent_login(self, request):
        """OIDC Core §3.1.2.1 `prompt=none`: this server never signs anyone in
        without its pages, so a silent request is `login_required` (DOT's
        validator lacks the method oauthlib calls: it failed as a server error)."""
        return False

    def validate_silent_authorization(self, request):
        """Never reached after `validate_silent_login`; consent is always asked."""
        return False
