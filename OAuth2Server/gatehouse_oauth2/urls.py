"""Routes: DOT's endpoints under /o/ (the issuer is http://127.0.0.1:P/o),
the login page, the protected resource and test control."""

from django.contrib.auth import views as auth_views
from django.urls import include, path
from oauth2_provider import urls as oauth2_urls

from bank import resource_views, test_control_views
from bank.authorization_view import GatehouseAuthorizationView
from bank.device_authorization_view import GatehouseDeviceAuthorizationView
from bank.login_form import CPFOrEmailLoginForm
from bank.serial_token_view import SerialTokenView

# DOT's authorization, token, revocation, introspection, device, metadata and
# OIDC routes (not its application-management pages nor dynamic client
# registration). Three routes are ours, listed first, each DOT's view with a
# gap closed: the authorization endpoint (`iss` on error redirects too), the
# token endpoint (serialised; the device grant's gaps) and the device
# authorization endpoint (working with the pinned oauthlib).
_oauth2_patterns = (
    [path("authorize/", GatehouseAuthorizationView.as_view(), name="authorize"),
     path("token/", SerialTokenView.as_view(), name="token"),
     path("device-authorization/", GatehouseDeviceAuthorizationView.as_view(), name="device-authorization")]
    + oauth2_urls.metadata_urlpatterns
    + oauth2_urls.base_urlpatterns
    + oauth2_urls.oidc_urlpatterns,
    oauth2_urls.app_name,
)

urlpatterns = [
    path("o/", include(_oauth2_patterns, namespace="oauth2_provider")),
    path("accounts/login/", auth_views.LoginView.as_view(
        template_name="bank/login.html", authentication_form=CPFOrEmailLoginForm, redirect_authenticated_user=False),
        name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(template_name="bank/logged_out.html"), name="logout"),
    path("health", resource_views.health),
    path("users/me", resource_views.user_me),
    path("challenge/list", resource_views.challenge_list),
    path("challenge/details/<str:entry_id>", resource_views.challenge_details),
    path("_test/tokens", test_control_views.tokens),
    path("_test/expire-access-tokens", test_control_views.expire_access_tokens),
    path("_test/expire-device-codes", test_control_views.expire_device_codes),
    path("_test/rotate-signing-key", test_control_views.rotate_signing_key),
    path("_test/reset", test_control_views.reset),
]

handler404 = "bank.errors.page_not_found"
handler500 = "bank.errors.server_error"
handler400 = "bank.errors.bad_request"
