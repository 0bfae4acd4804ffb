from oauth2_provider.models import get_application_model
from oauth2_provider.oauth2_backends import _add_iss_to_redirect
from oauth2_provider.settings import oauth2_settings
from oauth2_provider.views import AuthorizationView


class GatehouseAuthorizationView(AuthorizationView):
    """DOT's authorization endpoint, with RFC 9207's `iss` on every
    redirect to the client.

    With the AUTHZ_RESPONSE_ISS gate on, DOT 3.4.1 adds `iss` to a redirect
    that carries a code, but not to one that carries an error
    (`access_denied` when the person refuses, `invalid_request` for a
    `plain` or missing PKCE challenge, `login_required` for `prompt=none`):
    RFC 9207 §2 wants it in both, so a client can tell which server
    answered. Every response of this view that redirects to the client goes
    through `redirect`, which adds it with DOT's own helper and issuer (the
    same as the discovery document's); the helper replaces an `iss` already
    there, so the code's redirect keeps exactly one.

    And an error found while validating the request (a `plain` or missing
    PKCE challenge) reaches the client: DOT passes no application then and
    checks the redirect against the server-wide schemes (https only), so
    the redirect to the native client's http loopback URI failed as a bare
    400. Only errors oauthlib lets redirect get here — after it has matched
    the redirect URI to the client (a wrong client or redirect URI is
    shown, never redirected) — so the client's own schemes apply.
    """

    def redirect(self, redirect_to, application):
        if application is None:
            client_id = self.request.GET.get("client_id") or self.request.POST.get("client_id")
            application = get_application_model().objects.filter(client_id=client_id).first() if client_id else None
        if oauth2_settings.COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS:
            redirect_to = _add_iss_to_redirect(redirect_to, oauth2_settings.oauth2_authorization_server_issuer(self.request))
        return super().redirect(redirect_to, application)
