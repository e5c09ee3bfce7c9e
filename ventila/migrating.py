"""What the squashed migrations share: :class:`CreateModels`, several ``CreateModel`` operations whose models are
rendered once, and :class:`RunPython`, whose models are rendered only when its code asks for them.

Django's ``migrate`` keeps the migrated models rendered, and re-renders after every operation the models the
changed one points to and every model pointing to those (a model with a foreign key to the user re-renders the
forty that have one too): creating the apps' sixty-odd tables one ``CreateModel`` at a time spent most of a fresh
database's migration (≈ 30 % of ``ventila migrate``'s CPU) re-rendering. :class:`CreateModels` adds its models'
states to the project state without rendering, renders the whole state once, and creates the tables in order
(on PostgreSQL the foreign keys are created at the end of the migration, as for every ``CreateModel``). What it
leaves in the project state, and in the database, is what its ``CreateModel`` operations leave one by one.

Django's ``RunPython`` renders every model again (≈ 0.12 s of CPU) before calling its code, which the triggers' and
the search index's installers never read; :class:`RunPython` renders them when the code first reads ``apps``.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, router
from django.db.migrations.operations.base import Operation


class CreateModels(Operation):
    """``CreateModel`` operations applied together: one rendering of the project state instead of one per model."""

    reduces_to_sql = True
    reversible = True

    def __init__(self, operations: list[migrations.CreateModel]) -> None:
        if not all(isinstance(op, migrations.CreateModel) for op in operations):
            raise TypeError("CreateModels holds CreateModel operations only")
        self.operations = operations
        super().__init__()

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return self.__class__.__qualname__, [self.operations], {}

    def state_forwards(self, app_label: str, state: Any) -> None:
        rendered = state.__dict__.pop("apps", None)  # hidden: each model added without re-rendering
        for operation in self.operations:
            operation.state_forwards(app_label, state)
        if rendered is not None:
            state.apps  # noqa: B018 - every model rendered once, up to date

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        for operation in self.operations:
            operation.database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        for operation in reversed(self.operations):
            operation.database_backwards(app_label, schema_editor, from_state, to_state)

    def describe(self) -> str:
        return "Create models " + ", ".join(operation.name for operation in self.operations)

    @property
    def migration_name_fragment(self) -> str:
        return "_".join(operation.migration_name_fragment for operation in self.operations)

    def references_model(self, name: str, app_label: str) -> bool:
        return any(operation.references_model(name, app_label) for operation in self.operations)


class _AppsWhenRead:
    """The historical models of ``state``, rendered the first time the code reads them."""

    def __init__(self, state: Any) -> None:
        self._state = state
        self._apps: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._apps is None:  # rendered again once, as Django's RunPython does before calling its code
            self._state.clear_delayed_apps_cache()
            self._apps = self._state.apps
        return getattr(self._apps, name)


class RunPython(migrations.RunPython):
    """Django's ``RunPython``, whose ``apps`` are rendered only if its code reads them."""

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        _name, args, kwargs = super().deconstruct()
        return self.__class__.__qualname__, args, kwargs

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if router.allow_migrate(schema_editor.connection.alias, app_label, **self.hints):
            self.code(_AppsWhenRead(from_state), schema_editor)

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if self.reverse_code is None:
            raise NotImplementedError("You cannot reverse this operation")
        if router.allow_migrate(schema_editor.connection.alias, app_label, **self.hints):
            self.reverse_code(_AppsWhenRead(from_state), schema_editor)
