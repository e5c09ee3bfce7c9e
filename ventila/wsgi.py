"""WSGI entry point (``gunicorn ventila.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")
application = get_wsgi_application()

from ventila.web import bounded  # noqa: E402  (after Django is set up)

bounded.enable()  # every request of a web process bounded in time (issue 30)
