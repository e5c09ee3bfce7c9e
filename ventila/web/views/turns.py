"""Whose move, and what next: the work queue's «Por hacer» / «En espera de otros» and the case
page's suggested act, read from the rulebooks' declarations (``KindSpec.actors``, ``EventSpec.meets``
and ``EventSpec.on_expiry``, ``KindSpec.move``) and the stored rows — nothing is recomputed and
no page branches on a rulebook.

A queue row is a case; whose move it is is read from its nearest open term (``next_due_deadline``,
the term the row shows): the body's own term, or another's that has run out and left the body an act
to take, is the staff's to do («Por hacer»); another's term still running (or one whose expiry the
law gives no act for) is waited on. A case without an open term is the staff's: nobody else is
being waited on.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.html import strip_tags as _strip_tags
from django.utils.translation import gettext as _

from ventila.bodies.models import Body
from ventila.cases import access
from ventila.cases.actions import is_stale
from ventila.cases.labels import ACTORS, DEADLINES, STAGES
from ventila.cases.models import Case, CaseDeadline, CaseFinding
from ventila.cases.queue_counts import answered_document, stored_counts
from ventila.cases.rule_messages import message_text
from ventila.documents.models import Document
from ventila.rules import RULEBOOKS
from ventila.rules.engine import KindSpec, Move
from ventila.rules.vocabulary import mid_sentence

from ..templatetags.web_tags import long_date

MINE, WAITING = "mine", "waiting"
# The tabs' counts read at most this many cases (in queue order, by index): beyond it a tab says «más de».
COUNT_CAP = 500


def stage_ids(bodies: Sequence[Body], body: str, kind: str) -> list[str]:
    """The stages the queue's filter offers: those of the chosen body's rulebook and of the chosen kind
    (of every visible body, of every kind, when not chosen), each once, in the order of the procedure."""
    out: dict[str, None] = {}
    for rulebook in sorted({b.rulebook for b in bodies if not body or b.slug == body}):
        for kind_id, spec in RULEBOOKS[rulebook].kinds.items():
            if kind and kind_id != kind:
                continue
            out.update(dict.fromkeys(str(s) for s in spec.stages or ()))
    return [s for s in out if s in STAGES]


def kind_spec(rulebook: str, kind: str) -> KindSpec | None:
    return RULEBOOKS[rulebook].kinds.get(kind) if rulebook in RULEBOOKS else None


def answered_lapses(terms: Iterable[tuple[int, str, dt.date]]) -> set[tuple[int, str]]:
    """Of ``terms`` (case id, the document its lapse calls for, the term's due day), those whose document
    was issued on or after the due day (one read): (case id, document key)."""
    wanted = {(case_id, key): due for case_id, key, due in terms if key}
    if not wanted:
        return set()
    rows = Document.objects.filter(
        case_id__in={c for c, _k in wanted}, template__in={k for _c, k in wanted}
    ).values_list("case_id", "template", "issued_at")
    return {(c, k) for c, k, at in rows if (c, k) in wanted and timezone.localdate(at) >= wanted[(c, k)]}


def _answered_q(kind: KindSpec, deadline_ids: list[str]) -> Q:
    """The cases whose nearest term's lapse document was issued on or after its due day (the SQL of
    :func:`answered_lapses`): the move is then another's (``KindSpec.after_documents``)."""
    q = Q(pk__in=[])
    for d in deadline_ids:
        key = answered_document(kind, d)
        if key:
            issued = Document.objects.filter(
                case=OuterRef("pk"), template=key, issued_at__date__gte=OuterRef("next_due")
            )
            q |= Q(next_due_deadline=d) & Exists(issued)
    return q


def turn_filters(bodies: Sequence[Body], today: dt.date, recorders: set[int] | None = None) -> dict[str, Q]:
    """``{"mine": Q, "waiting": Q}`` over the cases of ``bodies``, from their rulebooks' declarations:
    by body, kind and nearest open term (and whether it has run out). The definition of the tabs: the
    queue filters and counts by the stored turn (:func:`ventila.cases.queue_counts.turn_filters`,
    issue 30), which the tests hold to this (``tests/factories.py``: ``assert_stored_counts_hold``).

    «Por hacer» holds only the cases with an act the user may record now: of a body whose acts the user
    records (``recorders``, every body when None), open, and with an act the case allows now (its stored
    ``allowed_next``) — or another's term that ran out and left the body its act (the stored acts are
    re-derived when the case is next read). A case whose next step is nobody's (no open term, no act
    allowed: a report not required, an opinion issued) is in neither tab."""
    by_rulebook: dict[str, list[int]] = {}
    for b in bodies:
        by_rulebook.setdefault(b.rulebook, []).append(b.pk)
    can_act = Q(status=Case.Status.OPEN) & ~Q(allowed_next=[])
    mine = Q(next_due__isnull=True) & can_act
    waiting = Q(pk__in=[])
    for rulebook, ids in sorted(by_rulebook.items()):
        for kind_id, kind in sorted(RULEBOOKS[rulebook].kinds.items()):
            own, after, others = [], [], []
            for deadline_id, actor in kind.actors.items():
                if actor.is_body:
                    own.append(str(deadline_id))
                elif kind.move(deadline_id, expired=True).body_acts:
                    after.append(str(deadline_id))
                else:
                    others.append(str(deadline_id))
            where = Q(body_id__in=ids, kind=kind_id)
            # Issue 29: a lapse answered by the body's document (the late filer noticed) is another's move.
            answered = _answered_q(kind, after)
            if own or after:
                mine |= where & (
                    (Q(next_due_deadline__in=own) & can_act)
                    | (Q(next_due_deadline__in=after, next_due__lt=today, status=Case.Status.OPEN) & ~answered)
                )
            if others or after:
                waiting |= where & (
                    Q(next_due_deadline__in=others, next_due__isnull=False)
                    | Q(next_due_deadline__in=after, next_due__gte=today)
                    | (Q(next_due_deadline__in=after, next_due__lt=today) & answered)
                )
    if recorders is not None:
        mine &= Q(body_id__in=sorted(recorders))
    return {MINE: mine, WAITING: waiting}


def turn_counts(qs: QuerySet[Case], filters: dict[str, Q], stored: dict[str, int] | None = None) -> dict[str, str]:
    """How many of ``qs`` each tab holds, in one index-ordered read of at most :data:`COUNT_CAP` rows
    (two booleans each); past the cap a count reads «más de 500». ``stored``: the counts of the cases
    outside ``qs`` (:func:`tab_counts`), added as they are."""
    rows = list(
        qs.annotate(
            t_mine=ExpressionWrapper(filters[MINE], output_field=BooleanField()),
            t_waiting=ExpressionWrapper(filters[WAITING], output_field=BooleanField()),
        )
        .order_by("next_due", "id")
        .values_list("t_mine", "t_waiting")[: COUNT_CAP + 1]
    )
    capped = len(rows) > COUNT_CAP
    rows = rows[:COUNT_CAP]
    counts = {"all": len(rows), MINE: sum(1 for m, _w in rows if m), WAITING: sum(1 for _m, w in rows if w)}
    known = stored or dict.fromkeys(counts, 0)
    if capped:
        more = _("más de %(n)s")
        return {
            k: more % {"n": v + known[k]} if k == "all" or v == COUNT_CAP else str(v + known[k])
            for k, v in counts.items()
        }
    return {k: str(v + known[k]) for k, v in counts.items()}


def tab_counts(
    user: Any, f: dict[str, str], qs: QuerySet[Case], filters: dict[str, Q], today: dt.date, recorders: set[int]
) -> dict[str, str]:
    """The tabs' counts: of the open cases of the bodies whose every case ``user`` sees, from the counts
    stored per body and turn (a few rows per body, whatever the size of the docket:
    :mod:`ventila.cases.queue_counts`); of the cases the user sees beyond them (by seat, as a substitute,
    as the Speaker's office), counted from the cases (:func:`turn_counts`). Under a filter the stored
    counts do not hold (kind, stage, due date, a status but «open»), all of them are counted from ``qs``."""
    if f["kind"] or f["stage"] or f["due"] or f["status"] not in ("", Case.Status.OPEN):
        return turn_counts(qs, filters)
    whole = access.whole_body_ids(user)
    chosen = next((b.pk for b in access.visible_bodies(user) if f["body"] and b.slug == f["body"]), None)
    if chosen is not None:
        if chosen not in whole:
            return turn_counts(qs, filters)
        whole = {chosen}
    stored = stored_counts(whole, today, recorders)
    if chosen is not None:
        return {k: str(v) for k, v in stored.items()}
    beyond = access.access_cases_beyond(user, whole).filter(status=Case.Status.OPEN)
    return turn_counts(beyond, filters, stored)


@dataclass(frozen=True)
class TermMove:
    """What a page says about one open term: whose move it is, whether the body must act now, and
    the act the rulebook offers for it (if one is allowed now)."""

    move: Move
    actor: str  # whose term it is: «La Comisión», «La parte querellada» …
    late_actor: str  # another's term that ran out: its actor (the body acts now); else ""
    acts: tuple[str, ...]  # the event types the rulebook offers for it that the case allows now

    @property
    def who(self) -> str:
        """Who must act now: the term's actor, or the Commission once another's term ran out."""
        return str(ACTORS["commission"]) if self.late_actor else self.actor

    @property
    def body_acts(self) -> bool:
        return self.move.body_acts


def term_move(
    kind: KindSpec | None, deadline_id: str, expired: bool, allowed: Iterable[str] | None, answered: bool = False
) -> TermMove | None:
    """``allowed``: the acts the case allows now (its stored ``allowed_next``); None when the stored
    rows are due for re-derivation (the term has just run out): then the rulebook's acts for the term
    as declared, which the act's form checks against the docket when it is recorded. ``answered``:
    the document its lapse called for was issued (:func:`answered_lapses`)."""
    if kind is None or deadline_id not in kind.actors:
        return None
    move = kind.move(deadline_id, expired=expired, answered=answered)
    acts = move.acts if allowed is None else tuple(a for a in move.acts if a in set(allowed))
    late = str(ACTORS[move.actor]) if expired and not move.actor.is_body and move.body_acts else ""
    return TermMove(move, str(ACTORS[move.actor]), late, acts)


def queue_moves(items: list[dict[str, Any]], today: dt.date, now: dt.datetime) -> None:
    """Give each queue row (``items``, the cases with their bodies attached) its ``move``: whose move
    its nearest open term is and, when the body must act, the acts the case allows for it."""
    answered = answered_lapses(
        (it["case"].pk, answered_document(kind_spec(it["case"].body.rulebook, it["case"].kind), d), due)
        for it in items
        if (d := it["case"].next_due_deadline) and (due := it["case"].next_due) is not None and due < today
    )
    for it in items:
        c = it["case"]
        if c.status != Case.Status.OPEN:
            it["move"] = None
            continue
        if not c.next_due_deadline:
            it["move"] = None
            it["mine"] = True
            continue
        kind = kind_spec(c.body.rulebook, c.kind)
        expired = c.next_due is not None and c.next_due < today
        allowed = None if is_stale(c, now) else (c.allowed_next or ())
        key = answered_document(kind, c.next_due_deadline)
        it["move"] = term_move(kind, c.next_due_deadline, expired, allowed, (c.pk, key) in answered)
        it["mine"] = it["move"] is None or it["move"].body_acts


def is_expired(d: CaseDeadline, today: dt.date) -> bool:
    return d.status == "missed" or d.due < today


def suggested_act(
    case: Case, open_terms: list[CaseDeadline], acts: list[str], today: dt.date, findings: list[CaseFinding]
) -> dict[str, Any] | None:
    """The act the case page offers first: for its open terms, the nearest first, the first act the
    rulebook offers the body (:meth:`KindSpec.next_act`) among ``acts`` (those the user may record
    now), with the term and rule that make it the next one; ``also``, the other acts the rulebook
    offers for the same term (the study of a municipal complaint ends in a dismissal or a hearing)."""
    kind = kind_spec(case.body.rulebook, case.kind)
    if kind is None:
        return None
    by_finding = finding_act(findings, kind, acts)
    if by_finding is not None:
        return by_finding
    ordered = sorted(open_terms, key=lambda d: (d.due, d.position))
    answered = case_answered(case, kind, ordered, today)
    found = kind.next_act(
        ((d.deadline_id, is_expired(d, today)) for d in ordered), acts, documents=True, answered=answered
    )
    if found is None:
        return None
    move, act = found
    term = next(d for d in ordered if d.deadline_id == move.deadline_id)
    label = str(DEADLINES.get(term.deadline_id, term.deadline_id))
    params = {"term": label, "rule": term.rule_id, "citation": term.citation, "day": long_date(term.due)}
    if not act:  # another's term ran out and the law answers it with the body's document (a late filer's notice)
        params["actor"] = str(ACTORS[move.actor])
        why = _(
            "%(actor)s no cumplió el término «%(term)s», que venció el %(day)s: le toca a la Comisión "
            "preparar el aviso. Regla %(rule)s · %(citation)s."
        )
        return {
            "type": "",
            "document": move.documents[0],
            "also": [],
            "why": why % params,
            "deadline_id": term.deadline_id,
        }
    if move.actor.is_body and move.expired:
        why = _("El término «%(term)s» venció el %(day)s: la ley dispone este acto. Regla %(rule)s · %(citation)s.")
    elif move.actor.is_body:
        why = _("Lo pide el término «%(term)s», que vence el %(day)s. Regla %(rule)s · %(citation)s.")
    else:
        params["actor"] = str(ACTORS[move.actor])
        why = _(
            "%(actor)s no actuó dentro del término «%(term)s», que venció el %(day)s. Regla %(rule)s · %(citation)s."
        )
    also = [a for a in move.acts if a in acts and a != act]
    return {"type": act, "document": "", "also": also, "why": why % params, "deadline_id": move.deadline_id}


def case_answered(case: Case, kind: KindSpec | None, terms: Iterable[CaseDeadline], today: dt.date) -> set[str]:
    """The case's open terms that ran out and whose lapse document was issued since (the late filer
    noticed): their deadline ids."""
    expired = [(d.deadline_id, answered_document(kind, d.deadline_id), d.due) for d in terms if is_expired(d, today)]
    done = answered_lapses((case.pk, key, due) for _d, key, due in expired)
    return {d for d, key, _due in expired if (case.pk, key) in done}


def finding_act(findings: list[CaseFinding], kind: KindSpec, acts: list[str]) -> dict[str, Any] | None:
    """A finding that changes what must happen (``KindSpec.finding_acts``: «Procede desestimar por falta
    de jurisdicción»): the first act it calls for that the user may record now, with the finding as the
    why; None when the case has no such finding (``findings``: the case's, as its page read them)."""
    for f in sorted((f for f in findings if f.finding_id in kind.finding_acts), key=lambda f: f.pk):
        act = next((a for a in kind.finding_acts[f.finding_id] if a in acts), None)
        if act is not None:
            why = _("Lo pide un hallazgo: %(finding)s Regla %(rule)s · %(citation)s.")
            params = {
                "finding": html.unescape(_strip_tags(f.message_html())),
                "rule": f.rule_id,
                "citation": f.citation,
            }
            return {"type": act, "document": "", "also": [], "why": why % params, "deadline_id": ""}
    return None


def waiting_note(term_rows: list[dict[str, Any]]) -> str:
    """When no act is the body's now: whom the case waits on, and until when (the nearest such term)."""
    row = next((r for r in term_rows if r.get("move") is not None and not r["move"].body_acts), None)
    if row is None:
        return ""
    follows = row["move"].move.follows
    if follows is not None:  # the body's document answered the lapse: what follows, from the rulebook
        rule = RULEBOOKS[row["d"].case.body.rulebook].rules[follows.rule]
        return contracted(
            _("%(follows)s Le toca a %(actor)s. Regla %(rule)s · %(citation)s.")
            % {
                "follows": message_text(follows.follows),
                "actor": mid_sentence(row["move"].actor),
                "rule": rule.id,
                "citation": rule.citation,
            }
        )
    return contracted(
        _("Se espera a %(actor)s: «%(term)s» vence el %(day)s.")
        % {"actor": mid_sentence(row["move"].actor), "term": row["label"], "day": long_date(row["d"].due)}
    )


def contracted(text: str) -> str:
    """Spanish's contractions where a label follows «a» or «de»: «a el funcionario» → «al funcionario»,
    «de el» → «del» (issue 29). Other languages are left as they are."""
    return re.sub(r"\b([Aa]|[Dd]e) el\b", lambda m: m.group(1) + "l", text)
