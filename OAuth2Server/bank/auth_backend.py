from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class CPFOrEmailBackend(ModelBackend):
    """Signs in by CPF digits or by e-mail, as the reference backend does.

    The identifier is trimmed; an e-mail is compared without case. Django's
    `ModelBackend` rules still hold: an inactive user is refused
    (`user_can_authenticate`), so DOT answers `invalid_grant` for Carla.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None or password is None:
            return None
        identifier = username.strip()
        users = get_user_model().objects
        if "@" in identifier:
            user = users.filter(email__iexact=identifier).first()
        else:
            user = users.filter(username=identifier).first()
        if user is None:
            # Hash anyway, so an unknown identifier takes as long as a wrong password.
            get_user_model()().set_password(password)
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
