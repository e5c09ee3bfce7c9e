# The one part of Django mypy is told about (Django ships no types and django-stubs is not installed):
# the choices enums, so that `Case.Status.OPEN` is a `str` and `Role.choices` a list. Everything else
# of `django.*` is `Any`, as without these stubs (`ignore_missing_imports` in pyproject's [tool.mypy]).
import enum
from typing import Any

def __getattr__(name: str) -> Any: ...

class ChoicesType(enum.EnumMeta):
    @property
    def choices(cls) -> list[tuple[Any, str]]: ...
    @property
    def values(cls) -> list[Any]: ...
    @property
    def labels(cls) -> list[str]: ...
    @property
    def names(cls) -> list[str]: ...

# mypy warns of an enum without members in a stub; these are bases, their members are the subclasses'.
class Choices(enum.Enum, metaclass=ChoicesType):  # type: ignore[misc]
    @property
    def label(self) -> str: ...

class TextChoices(str, Choices):  # type: ignore[misc]
    @property
    def value(self) -> str: ...

class IntegerChoices(int, Choices):  # type: ignore[misc]
    @property
    def value(self) -> int: ...
