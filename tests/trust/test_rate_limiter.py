"""The project's one rate limiter (ventila/accounts/ratelimit.py): where it counts is a setting. The database (the
default) is exercised by the filing and API tests; here, the shared-cache backend and a wrong name."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from ventila.accounts import ratelimit
from ventila.accounts.models import RateCounter

LOCMEM = "django.core.cache.backends.locmem.LocMemCache"


@pytest.mark.django_db
def test_the_cache_backend_counts_in_the_cache_the_settings_name(settings):
    settings.CACHES = {"default": {"BACKEND": LOCMEM}, "limits": {"BACKEND": LOCMEM, "LOCATION": "limits"}}
    settings.VENTILA_RATE_LIMIT_BACKEND = "cache"
    settings.VENTILA_RATE_LIMIT_CACHE = "limits"
    results = [ratelimit.hit("t", "192.0.2.1", 3, 60, now=1000.0)[0] for _i in range(5)]
    assert results == [True, True, True, False, False]
    assert ratelimit.peek("t", "192.0.2.1", 3, 60, now=1001.0) is False
    assert ratelimit.peek("t", "192.0.2.2", 3, 60, now=1001.0) is True
    assert ratelimit.hit("t", "192.0.2.1", 3, 60, now=1021.0)[0] is True  # the next window
    assert caches["limits"].get("ventila-rate:t:192.0.2.1:16") == 5
    assert not RateCounter.objects.exists() and ratelimit.purge() == 0


def test_an_unknown_backend_is_refused_by_name(settings):
    settings.VENTILA_RATE_LIMIT_BACKEND = "memoria"
    with pytest.raises(ValueError, match="memoria"):
        ratelimit.hit("t", "192.0.2.1", 3, 60, now=1000.0)
