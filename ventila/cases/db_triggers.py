"""The database triggers that make the docket append-only, on SQLite and PostgreSQL.

Migration ``cases.0002`` installs them; tests use :func:`purge_docket` to empty the tables
between transactional tests (it drops the triggers, deletes, and puts them back in one go —
the equivalent of PostgreSQL's TRUNCATE, which row triggers do not see).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

APPEND_ONLY_TABLES = ("cases_docketentry", "cases_attachment", "cases_rollcall", "cases_ballot")
# Tables made append-only by a later migration (``cases.0008``: the members' own votes): not in the
# list migration 0002 installs, but emptied and restored with the others by :func:`purge_docket`.
LATER_APPEND_ONLY_TABLES = ("cases_membervote",)
# ``cases.0009``: the requested report of an access request (Sec. 17), kept as received.
REQUESTED_REPORT_TABLES = ("cases_requestedreport",)

MESSAGE = "ventila: the docket is append-only; % is refused on %"


def sqlite_create(table: str) -> list[str]:
    return [
        f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} "
        f"BEGIN SELECT RAISE(ABORT, 'ventila: the docket is append-only; UPDATE is refused on {table}'); END;",
        f"CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table} "
        f"BEGIN SELECT RAISE(ABORT, 'ventila: the docket is append-only; DELETE is refused on {table}'); END;",
    ]


def sqlite_drop(table: str) -> list[str]:
    return [f"DROP TRIGGER IF EXISTS {table}_no_update;", f"DROP TRIGGER IF EXISTS {table}_no_delete;"]


POSTGRES_FUNCTION = f"""
CREATE OR REPLACE FUNCTION ventila_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '{MESSAGE}', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
"""


def postgres_create(table: str) -> list[str]:
    return [
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
        f"FOR EACH ROW EXECUTE FUNCTION ventila_refuse_change();"
    ]


def postgres_drop(table: str) -> list[str]:
    return [f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};"]


def create_statements(vendor: str, tables: tuple[str, ...] = APPEND_ONLY_TABLES, *, function: bool = True) -> list[str]:
    if vendor == "sqlite":
        return [s for t in tables for s in sqlite_create(t)]
    if vendor == "postgresql":
        return [POSTGRES_FUNCTION] * function + [s for t in tables for s in postgres_create(t)]
    raise NotImplementedError(f"ventila supports SQLite and PostgreSQL, not {vendor}")


def drop_statements(vendor: str, tables: tuple[str, ...] = APPEND_ONLY_TABLES, *, function: bool = True) -> list[str]:
    if vendor == "sqlite":
        return [s for t in tables for s in sqlite_drop(t)]
    if vendor == "postgresql":
        return [s for t in tables for s in postgres_drop(t)] + [
            "DROP FUNCTION IF EXISTS ventila_refuse_change();"
        ] * function
    raise NotImplementedError(vendor)


def install(schema_editor: Any, tables: tuple[str, ...] = APPEND_ONLY_TABLES, *, function: bool = True) -> None:
    for sql in create_statements(schema_editor.connection.vendor, tables, function=function):
        schema_editor.execute(sql, params=None)


def uninstall(schema_editor: Any, tables: tuple[str, ...] = APPEND_ONLY_TABLES, *, function: bool = True) -> None:
    for sql in drop_statements(schema_editor.connection.vendor, tables, function=function):
        schema_editor.execute(sql, params=None)


def purge_docket(connection: Any) -> None:
    """Delete every docket row (tests only): triggers off, rows out, triggers back on, atomically."""
    vendor = connection.vendor
    tables = APPEND_ONLY_TABLES + LATER_APPEND_ONLY_TABLES + REQUESTED_REPORT_TABLES
    with transaction.atomic(using=connection.alias), connection.cursor() as cur:
        if vendor == "postgresql":
            cur.execute("TRUNCATE " + ", ".join(reversed(tables)) + " CASCADE;")
            return
        for sql in drop_statements(vendor, tables):
            cur.execute(sql)
        for table in reversed(tables):  # table names: the constants above, never input
            cur.execute(f"DELETE FROM {table};")  # nosec B608
        for sql in create_statements(vendor, tables):
            cur.execute(sql)
