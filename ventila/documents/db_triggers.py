"""The database keeps issued documents frozen and the e-mail attempt log append-only.

- ``documents_document``: a row whose status is ``issued`` can be neither updated nor deleted (a
  draft can: staff edit it until they issue it).
- ``documents_deliveryattempt``: no row can be updated or deleted.
"""

from __future__ import annotations

from typing import Any

FROZEN = "documents_document"
APPEND_ONLY = "documents_deliveryattempt"


def _sqlite() -> list[str]:
    out = []
    for op in ("UPDATE", "DELETE"):
        out.append(
            f"CREATE TRIGGER {FROZEN}_issued_no_{op.lower()} BEFORE {op} ON {FROZEN} "
            f"WHEN OLD.status = 'issued' BEGIN "
            f"SELECT RAISE(ABORT, 'ventila: an issued document is frozen; {op} is refused on {FROZEN}'); END;"
        )
        out.append(
            f"CREATE TRIGGER {APPEND_ONLY}_no_{op.lower()} BEFORE {op} ON {APPEND_ONLY} BEGIN "
            f"SELECT RAISE(ABORT, 'ventila: the delivery log is append-only; {op} is refused on {APPEND_ONLY}'); END;"
        )
    return out


_PG_FROZEN = f"""
CREATE OR REPLACE FUNCTION ventila_document_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'issued' THEN
    RAISE EXCEPTION 'ventila: an issued document is frozen; % is refused on %', TG_OP, TG_TABLE_NAME
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER {FROZEN}_frozen BEFORE UPDATE OR DELETE ON {FROZEN}
  FOR EACH ROW EXECUTE FUNCTION ventila_document_frozen();
CREATE OR REPLACE FUNCTION ventila_delivery_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ventila: the delivery log is append-only; % is refused on %', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER {APPEND_ONLY}_append_only BEFORE UPDATE OR DELETE ON {APPEND_ONLY}
  FOR EACH ROW EXECUTE FUNCTION ventila_delivery_log_append_only();
"""

_PG_DROP = f"""
DROP TRIGGER IF EXISTS {FROZEN}_frozen ON {FROZEN};
DROP TRIGGER IF EXISTS {APPEND_ONLY}_append_only ON {APPEND_ONLY};
DROP FUNCTION IF EXISTS ventila_document_frozen();
DROP FUNCTION IF EXISTS ventila_delivery_log_append_only();
"""


def install(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for sql in _sqlite():
            schema_editor.execute(sql, params=None)
    elif vendor == "postgresql":
        schema_editor.execute(_PG_FROZEN, params=None)
    else:
        raise NotImplementedError(vendor)


def uninstall(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for table, names in ((FROZEN, ("issued_no_update", "issued_no_delete")),
                             (APPEND_ONLY, ("no_update", "no_delete"))):
            for n in names:
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_{n};", params=None)
    else:
        schema_editor.execute(_PG_DROP, params=None)
