"""WSGI entry point (``gunicorn ventila.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")
application = get_wsgi_application()
