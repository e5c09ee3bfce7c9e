# Partial stubs of Django (see typings/django/db/models/__init__.pyi): every other name is Any.
from typing import Any

def __getattr__(name: str) -> Any: ...
