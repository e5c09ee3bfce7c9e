"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ventila.settings")
application = get_asgi_application()

from ventila.web import bounded  # noqa: E402  (after Django is set up)

bounded.enable()  # every request of a web process bounded in time (issue 30)
