"""The client's network address, the one function every per-address limit keys on.

Behind the reverse proxy of docs/deploy.md every request arrives from the proxy, so ``REMOTE_ADDR``
is the proxy's address; the proxy passes the client's in a header named by
``VENTILA_CLIENT_IP_HEADER`` (e.g. ``HTTP_X_REAL_IP``). The sign-in throttle
(:mod:`ventila.accounts.throttle`) and the public form's rate limits and the API (:mod:`ventila.accounts.ratelimit`, the one rate limiter)
both use :func:`client_address`, so one person is one address for both.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings


def _valid(value: Any) -> str | None:
    """``value`` as a normalised IP address, or None when it is not one (a header can carry anything)."""
    try:
        return str(ipaddress.ip_address(str(value or "").strip()))
    except ValueError:
        return None


def client_address(request: Any) -> str | None:
    """The client's address: the header the reverse proxy sets (``VENTILA_CLIENT_IP_HEADER``; its last
    comma-separated value, the one the proxy added), else ``REMOTE_ADDR``; None when neither holds an
    IP address."""
    if request is None:
        return None
    header = getattr(settings, "VENTILA_CLIENT_IP_HEADER", "")
    if header:
        found = _valid(str(request.META.get(header, "") or "").split(",")[-1])
        if found:
            return found
    return _valid(request.META.get("REMOTE_ADDR", ""))
