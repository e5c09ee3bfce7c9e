"""The database keeps issued documents frozen and the e-mail attempt log append-only.

``documents_document`` (issued documents) and ``documents_deliveryattempt``: no row can be updated
or deleted. Drafts live in another table (``documents_draft``), which staff edit freely.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

TABLES = ("documents_document", "documents_deliveryattempt")

_PG_FUNCTION = """
CREATE OR REPLACE FUNCTION ventila_documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ventila: issued documents and their delivery log are append-only; % is refused on %',
    TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
"""


def create_statements(vendor: str) -> list[str]:
    if vendor == "sqlite":
        return [
            f"CREATE TRIGGER {t}_no_{op.lower()} BEFORE {op} ON {t} BEGIN SELECT RAISE(ABORT, "
            f"'ventila: issued documents and their delivery log are append-only; {op} is refused on {t}'); END;"
            for t in TABLES
            for op in ("UPDATE", "DELETE")
        ]
    if vendor == "postgresql":
        return [
            _PG_FUNCTION,
            *[
                f"CREATE TRIGGER {t}_append_only BEFORE UPDATE OR DELETE ON {t} "
                f"FOR EACH ROW EXECUTE FUNCTION ventila_documents_refuse_change();"
                for t in TABLES
            ],
        ]
    raise NotImplementedError(vendor)


def drop_statements(vendor: str) -> list[str]:
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {t}_no_{op};" for t in TABLES for op in ("update", "delete")]
    if vendor == "postgresql":
        return [
            *[f"DROP TRIGGER IF EXISTS {t}_append_only ON {t};" for t in TABLES],
            "DROP FUNCTION IF EXISTS ventila_documents_refuse_change();",
        ]
    raise NotImplementedError(vendor)


def install(schema_editor: Any) -> None:
    for sql in create_statements(schema_editor.connection.vendor):
        schema_editor.execute(sql, params=None)


def uninstall(schema_editor: Any) -> None:
    for sql in drop_statements(schema_editor.connection.vendor):
        schema_editor.execute(sql, params=None)


def purge_documents(connection: Any) -> None:
    """Delete every document row (tests only, before ``purge_docket``, whose rows they point at):
    triggers off, rows out, triggers back on, atomically."""
    vendor = connection.vendor
    with transaction.atomic(using=connection.alias), connection.cursor() as cur:
        for sql in drop_statements(vendor):
            cur.execute(sql)
        # table names: constants, never input
        for table in (
            "documents_signedfile",
            "documents_deliveryattempt",
            "documents_delivery",
            "documents_document",
            "documents_draft",
        ):
            cur.execute(f"DELETE FROM {table};")  # nosec B608
        for sql in create_statements(vendor):
            cur.execute(sql)
