from django import forms
from django.contrib.auth.forms import AuthenticationForm


class CPFOrEmailLoginForm(AuthenticationForm):
    """Django's login form with the seeded accounts' identifier: the CPF's
    eleven digits or the e-mail (bank.auth_backend.CPFOrEmailBackend). An
    inactive account (Carla) is refused with the same message as a wrong
    password: the backend does not return her."""

    username = forms.CharField(label="CPF or e-mail", max_length=254,
                               widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "username"}))
