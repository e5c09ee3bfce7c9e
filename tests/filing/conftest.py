from collections.abc import Iterator

import pytest
from factories import fast_password_hasher, now, world  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def _spanish_again() -> Iterator[None]:
    """A request in English leaves English active in this thread; later tests expect Spanish."""
    yield
    from django.utils import translation

    translation.deactivate()
