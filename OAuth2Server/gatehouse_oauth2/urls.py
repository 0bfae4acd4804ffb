"""Routes: DOT's token and revocation endpoints, the protected resource and test control."""

from django.urls import path
from oauth2_provider import views as oauth2_views

from bank import resource_views, test_control_views
from bank.serial_token_view import SerialTokenView

urlpatterns = [
    path("o/token/", SerialTokenView.as_view(), name="token"),
    path("o/revoke_token/", oauth2_views.RevokeTokenView.as_view(), name="revoke-token"),
    path("health", resource_views.health),
    path("users/me", resource_views.user_me),
    path("challenge/list", resource_views.challenge_list),
    path("challenge/details/<str:entry_id>", resource_views.challenge_details),
    path("_test/tokens", test_control_views.tokens),
    path("_test/expire-access-tokens", test_control_views.expire_access_tokens),
    path("_test/reset", test_control_views.reset),
]

handler404 = "bank.errors.page_not_found"
handler500 = "bank.errors.server_error"
handler400 = "bank.errors.bad_request"
