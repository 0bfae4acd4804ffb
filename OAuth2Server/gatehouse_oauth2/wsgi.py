"""The WSGI application scripts/oauth2-server serves."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gatehouse_oauth2.settings")
application = get_wsgi_application()
