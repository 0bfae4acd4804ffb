import json

from django import http
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_exempt
from oauth2_provider.compat import login_not_required
from oauth2_provider.models import DeviceCodeResponse, DeviceRequest, create_device_grant
from oauth2_provider.views import DeviceAuthorizationView


@method_decorator(csrf_exempt, name="dispatch")
@method_decorator(login_not_required, name="dispatch")
class GatehouseDeviceAuthorizationView(DeviceAuthorizationView):
    """DOT's device authorization endpoint (RFC 8628 §3.1, §3.2), made to
    work with the pinned oauthlib.

    oauthlib 4.0.1 adds the resolved `scope` to its answer (not an RFC 8628
    field; the requested one, else the client's default), and DOT 3.4.1's
    view hands that answer to its `DeviceCodeResponse`, which has no `scope`:
    every request failed with a server error. Here the scope oauthlib
    resolved is stored with the device grant, and the answer is RFC 8628's
    fields alone.
    """

    def post(self, request, *args, **kwargs):
        headers, body, status = self.create_device_authorization_response(request)
        response = body if isinstance(body, dict) else json.loads(body)
        if status != 200:
            return http.JsonResponse(data=response, status=status, headers=headers)
        scope = response.pop("scope", "")
        create_device_grant(DeviceRequest(client_id=request.POST["client_id"], scope=scope),
                            DeviceCodeResponse(**response))
        return http.JsonResponse(data=response, status=status, headers=headers)
