"""The work queue's «Por hacer / En espera de otros» counts, kept per body and turn (issue 30, item 5).

The derivation writes each case's ``turn`` with its other derived fields (:func:`turn_of`, the same
classification as the queue's filter, ``ventila.web.views.turns.turn_filters``, read from the rulebooks'
declarations); triggers on the cases table (installed by migration ``cases.0012``) keep
:class:`~ventila.cases.models.QueueCount` in line on every insert, update and delete of a case row — an
act, a filing, a closing, ``ventila rederive``, the generator's batches — so no write path can forget it.
The queue then reads a few rows per body (:func:`stored_counts`) instead of every open case.

A case whose nearest term is another's whose lapse leaves the body an act (``LAPSE``) is waited on
until its due day and is the body's to do after it: its row carries the due day, and the read decides
by today's date. Once the body's document answered the lapse (the late filer noticed, issue 29), the
derivation makes it ``WAITING``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import connection
from django.db.models import Q

from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.engine import KindSpec

from .models import Case, DocketEntry, QueueCount

MINE, WAITING, LAPSE, NOBODY = "mine", "waiting", "lapse", ""
NO_DAY = dt.date(1, 1, 1)  # the ``due`` of every count row but a lapse's: no day changes its turn
ISSUED = "document_issued"  # the docket entry of an issued document (ventila.documents.actions)


def answered_document(kind: KindSpec | None, deadline_id: str) -> str:
    """The document whose issue answers the lapse of ``deadline_id`` and after which the rulebook says
    whose move it is (``KindSpec.lapse_documents`` and ``after_documents``: the late filer's notice);
    "" when none."""
    docs = kind.lapse_documents.get(deadline_id, ()) if kind is not None else ()
    return docs[0] if docs and kind is not None and docs[0] in kind.after_documents else ""


def issued_documents(entries: Iterable[DocketEntry]) -> list[tuple[str, dt.date]]:
    """The documents issued on a docket (its ``document_issued`` entries): (template, day issued)."""
    return [(str(e.payload.get("template", "")), e.occurred_day) for e in entries if e.event_type == ISSUED]


def turn_of(rulebook_id: str, kind_id: str, fields: dict[str, Any], issued: Iterable[tuple[str, dt.date]]) -> str:
    """Whose move the case is, from its derived ``fields`` (status, acts allowed, nearest open term) and
    the documents issued on its docket (``issued``): the classification of the queue's filter
    (``turn_filters``) without today's date, which only a ``LAPSE`` needs."""
    if fields["status"] != Case.Status.OPEN:
        return NOBODY
    can_act = bool(fields["allowed_next"])
    due, deadline = fields["next_due"], fields["next_due_deadline"]
    if due is None:
        return MINE if can_act else NOBODY
    rulebook = RULEBOOKS.get(rulebook_id)
    kind = rulebook.kinds.get(kind_id) if rulebook is not None else None
    if kind is None or deadline not in kind.actors:
        return NOBODY
    if kind.actors[deadline].is_body:
        return MINE if can_act else NOBODY
    if not kind.move(deadline, expired=True).body_acts:
        return WAITING
    key = answered_document(kind, deadline)
    return WAITING if key and any(t == key and day >= due for t, day in issued) else LAPSE


def turn_filters(body_ids: Iterable[int], today: dt.date, recorders: set[int]) -> dict[str, Q]:
    """``{"mine": Q, "waiting": Q}``: the queue's tabs over the cases' stored ``turn`` (a lapse by its due
    day): «Por hacer» in the bodies whose acts the user records (``recorders``), «En espera de otros» in
    the visible bodies (``body_ids``). The same cases as the rulebooks' filter
    (``ventila.web.views.turns.turn_filters``, which the tests hold them to), in a few columns."""
    mine = (Q(turn=MINE) | Q(turn=LAPSE, next_due__lt=today)) & Q(body_id__in=sorted(recorders))
    waiting = (Q(turn=WAITING) | Q(turn=LAPSE, next_due__gte=today)) & Q(body_id__in=sorted(set(body_ids)))
    return {MINE: mine, WAITING: waiting}


def refresh_turn(case: Case) -> None:
    """After a document is issued on the case (a record-only entry: the case is not re-derived), its
    turn again: the document may answer the lapse of its nearest term (the triggers move its count)."""
    fields = {name: getattr(case, name) for name in ("status", "allowed_next", "next_due", "next_due_deadline")}
    issued = issued_documents(case.entries.filter(event_type=ISSUED))
    turn = turn_of(case.body.rulebook, case.kind, fields, issued)
    if turn != case.turn:
        case.turn = turn
        Case.objects.filter(pk=case.pk).update(turn=turn)


def stored_counts(body_ids: Iterable[int], today: dt.date, recorders: set[int]) -> dict[str, int]:
    """The open cases of ``body_ids`` (bodies whose every case the viewer sees), in all and by tab, from
    the stored counts: one read of a few rows per body, summed by the database (a statement of constant
    text: nothing for the ORM to build per request). «Por hacer» only in ``recorders``' bodies."""
    ids = sorted(set(body_ids))
    out = {"all": 0, MINE: 0, WAITING: 0}
    if not ids:
        return out
    marks = ", ".join(["%s"] * len(ids))
    sql = (
        "SELECT body_id, SUM(n), "
        "SUM(CASE WHEN turn = %s OR (turn = %s AND due < %s) THEN n ELSE 0 END), "
        "SUM(CASE WHEN turn = %s OR (turn = %s AND due >= %s) THEN n ELSE 0 END) "
        f'FROM "cases_queuecount" WHERE body_id IN ({marks}) GROUP BY body_id'  # nosec B608 - placeholders only
    )
    with connection.cursor() as cur:
        cur.execute(sql, [MINE, LAPSE, today, WAITING, LAPSE, today, *ids])
        for body_id, total, mine, waiting in cur.fetchall():
            out["all"] += int(total or 0)
            out[MINE] += int(mine or 0) if body_id in recorders else 0
            out[WAITING] += int(waiting or 0)
    return out


def refill(cases: Any = Case, entries: Any = DocketEntry) -> None:
    """Give every open case its ``turn`` from its stored derived fields and the documents issued on its
    docket (the migration's first fill, with its historical models; after a restore of a copy taken
    before the turn was kept)."""
    issued: dict[int, list[tuple[str, dt.date]]] = {}
    for case_id, payload, at in entries.objects.filter(event_type=ISSUED).values_list(
        "case_id", "payload", "occurred_at"
    ):
        issued.setdefault(case_id, []).append((str(payload.get("template", "")), at.astimezone(PR_TZ).date()))
    by_turn: dict[str, list[int]] = {}
    fields = ("status", "allowed_next", "next_due", "next_due_deadline")
    for row in cases.objects.filter(status=Case.Status.OPEN).values("pk", "body__rulebook", "kind", *fields).iterator():
        turn = turn_of(row["body__rulebook"], row["kind"], row, issued.get(row["pk"], ()))
        by_turn.setdefault(turn, []).append(row["pk"])
    for turn, ids in by_turn.items():
        for i in range(0, len(ids), 5000):
            cases.objects.filter(pk__in=ids[i : i + 5000]).update(turn=turn)


def rebuild() -> None:
    """After a restore: every case's turn again, then the counts (the copy carries no counts)."""
    refill()
    recount()


def recount(cases: Any = Case, counts: Any = QueueCount) -> None:
    """Rebuild every stored count from the cases' ``turn`` (the migration's first fill, with its historical
    models ``cases`` and ``counts``; a repair), as the triggers would have left them."""
    rows: dict[tuple[int, str, dt.date], int] = {}
    for body_id, turn, due in cases.objects.filter(status=Case.Status.OPEN).values_list("body_id", "turn", "next_due"):
        key = (body_id, turn, due if turn == LAPSE and due is not None else NO_DAY)
        rows[key] = rows.get(key, 0) + 1
    counts.objects.all().delete()
    counts.objects.bulk_create(counts(body_id=b, turn=t, due=d, n=n) for (b, t, d), n in rows.items())


# -- the triggers ---------------------------------------------------------------------------------------

_KEY_OLD = f"CASE WHEN OLD.turn = '{LAPSE}' AND OLD.next_due IS NOT NULL THEN OLD.next_due ELSE '{NO_DAY}' END"
_KEY_NEW = f"CASE WHEN NEW.turn = '{LAPSE}' AND NEW.next_due IS NOT NULL THEN NEW.next_due ELSE '{NO_DAY}' END"
_OPEN = Case.Status.OPEN.value
# The triggers' statements, made of this module's constants only (no input reaches them).
_DECREMENT = (
    f"UPDATE cases_queuecount SET n = n - 1 WHERE body_id = OLD.body_id AND turn = OLD.turn AND due = {_KEY_OLD}"  # nosec B608
)
_CHANGED = (
    "OLD.status IS DISTINCT FROM NEW.status OR OLD.turn IS DISTINCT FROM NEW.turn "
    "OR OLD.next_due IS DISTINCT FROM NEW.next_due OR OLD.body_id IS DISTINCT FROM NEW.body_id"
)


def _increment(sqlite: bool) -> str:
    key = _KEY_NEW if sqlite else _KEY_NEW.replace(f"'{NO_DAY}'", f"DATE '{NO_DAY}'")
    return (
        "INSERT INTO cases_queuecount (body_id, turn, due, n) "
        f"SELECT NEW.body_id, NEW.turn, {key}, 1 WHERE NEW.status = '{_OPEN}' "  # nosec B608 - constants only
        "ON CONFLICT (body_id, turn, due) DO UPDATE SET n = cases_queuecount.n + 1"
    )


def _sqlite() -> list[str]:
    changed = _CHANGED.replace("IS DISTINCT FROM", "IS NOT")
    return [
        f"CREATE TRIGGER cases_case_queuecount_insert AFTER INSERT ON cases_case BEGIN {_increment(True)}; END;",
        f"CREATE TRIGGER cases_case_queuecount_delete AFTER DELETE ON cases_case WHEN OLD.status = '{_OPEN}' "
        f"BEGIN {_DECREMENT}; END;",
        "CREATE TRIGGER cases_case_queuecount_update AFTER UPDATE OF status, turn, next_due, body_id ON cases_case "
        f"WHEN {changed} BEGIN {_DECREMENT} AND OLD.status = '{_OPEN}'; {_increment(True)}; END;",
    ]


def _postgres() -> list[str]:
    key_old = _KEY_OLD.replace(f"'{NO_DAY}'", f"DATE '{NO_DAY}'")
    decrement = _DECREMENT.replace(_KEY_OLD, key_old)
    return [
        f"""CREATE OR REPLACE FUNCTION ventila_queue_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = '{_OPEN}' THEN
    {decrement};
  END IF;
  IF TG_OP <> 'DELETE' THEN
    {_increment(False)};
  END IF;
  RETURN NULL;
END;
$$;""",
        "CREATE TRIGGER cases_case_queuecount AFTER INSERT OR DELETE ON cases_case "
        "FOR EACH ROW EXECUTE FUNCTION ventila_queue_count();",
        "CREATE TRIGGER cases_case_queuecount_update AFTER UPDATE OF status, turn, next_due, body_id ON cases_case "
        f"FOR EACH ROW WHEN ({_CHANGED}) EXECUTE FUNCTION ventila_queue_count();",
    ]


def install(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor not in ("sqlite", "postgresql"):
        raise NotImplementedError(f"ventila supports SQLite and PostgreSQL, not {vendor}")
    for sql in _sqlite() if vendor == "sqlite" else _postgres():
        schema_editor.execute(sql, params=None)


def uninstall(schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "sqlite":
        for name in ("insert", "delete", "update"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS cases_case_queuecount_{name};", params=None)
        return
    schema_editor.execute("DROP TRIGGER IF EXISTS cases_case_queuecount ON cases_case;", params=None)
    schema_editor.execute("DROP TRIGGER IF EXISTS cases_case_queuecount_update ON cases_case;", params=None)
    schema_editor.execute("DROP FUNCTION IF EXISTS ventila_queue_count();", params=None)
