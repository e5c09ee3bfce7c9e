"""Rules, terms, deadlines and findings: the vocabulary every rulebook is written in.

A :class:`Rule` is one numbered rule of a catalogue (its ID, kind, citation and a short Spanish
quote of the text). A :class:`Term` is a span of time a rule sets. A :class:`Deadline` is a term
applied to a case: its trigger, its due date, its status and, on demand, the trace of the
arithmetic. A :class:`Finding` is something the facts violate or call for.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from .calendar import PR_TZ, LegalCalendar, Skip, Suspension, format_date_es, start_of_day
from .i18n import Msg, Quote, Raw, Typed


class RuleKind(StrEnum):
    DEADLINE = "DEADLINE"
    VALIDATION = "VALIDATION"
    VOTE = "VOTE"
    STATE = "STATE"
    ROLE = "ROLE"
    SUBSTANTIVE = "SUBSTANTIVE"
    CONFIDENTIALITY = "CONFIDENTIALITY"
    RECORD = "RECORD"
    NOT_COMPUTABLE = "NOT-COMPUTABLE"


Unit = Literal["business_days", "calendar_days", "days", "hours"]

UNIT_ES: dict[str, str] = {
    "business_days": "días laborables",
    "calendar_days": "días calendario",
    "days": "días",
    "hours": "horas",
}


@dataclass(frozen=True, slots=True)
class Term:
    """A span of time a rule sets: ``amount`` of ``unit``.

    ``days`` (unqualified "días" in the text) is counted as calendar days by default
    (catalogue CAM A-12, MUN ambiguity 1); the rulebook setting ``bare_days_unit`` can change that.
    """

    amount: int
    unit: Unit

    def to_json(self) -> dict[str, Any]:
        return {"amount": self.amount, "unit": self.unit}

    def es(self) -> str:
        return f"{self.amount} {UNIT_ES[self.unit]}"

    def msg(self) -> Msg:
        """The term as a catalogue message (``es()`` in the reader's language)."""
        if self.unit == "business_days":
            return Msg("%(amount)s días laborables", amount=self.amount)
        if self.unit == "calendar_days":
            return Msg("%(amount)s días calendario", amount=self.amount)
        if self.unit == "hours":
            return Msg("%(amount)s horas", amount=self.amount)
        return Msg("%(amount)s días", amount=self.amount)


_TERMS: dict[tuple[int, str], Term] = {}


def shared_term(amount: int, unit: Unit) -> Term:
    """``Term(amount, unit)``, shared: terms are immutable values, and building a frozen dataclass
    costs about a microsecond, a noticeable share of an evaluation on the hot path."""
    key = (amount, unit)
    t = _TERMS.get(key)
    if t is None:
        t = Term(amount, unit)
        if len(_TERMS) < 4096:
            _TERMS[key] = t
    return t


@dataclass(frozen=True)
class Rule:
    """One rule of a catalogue, as data: what the reference and every trace cite.

    ``summary`` says in Spanish what ventila does with the rule. A rule that computes nothing
    says why in ``not_computable`` (and is still listed, as Catala lists inert articles).
    """

    id: str
    kind: RuleKind
    citation: str
    quote: str
    summary: str
    term: Term | None = None
    not_computable: str | None = None

    def __str__(self) -> str:
        return f"{self.id} ({self.citation})"


@dataclass(frozen=True, slots=True)
class Finding:
    """Something the facts violate or call for. ``msg`` is the catalogue message the web app shows in
    the reader's language; ``message`` the Spanish text (the CLI's, the reference's)."""

    id: str
    rule: Rule
    msg: Msg
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return self.msg.es()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "rule": self.rule.id,
            "citation": self.rule.citation,
            "message": self.message,
        }
        if self.data:
            out["data"] = self.data
        return out


# ``lapsed``: a window whose lapse without the act is the expected outcome (KindSpec.lapses).
Status = Literal["open", "met", "missed", "suspended", "lapsed"]


@dataclass(slots=True)
class Deadline:
    """A term applied to a case.

    ``due`` is a date for day terms, an aware datetime for hour terms. ``satisfied_at`` is the
    moment of the act that met the term, if any. ``computation`` holds the inputs so that the trace
    can be produced on demand (:meth:`trace`) without slowing the evaluation.
    """

    id: str
    rule: Rule
    trigger: str
    trigger_at: dt.date | dt.datetime
    term: Term
    due: dt.date | dt.datetime
    status: Status = "open"
    satisfied_by: str | None = None
    satisfied_at: dt.date | dt.datetime | None = None
    fatal: bool = False
    # The inputs of the computation (calendar, start, term, suspensions, roll_forward, hour reading,
    # start label, extensions), kept so the trace can be derived on demand.
    inputs: tuple[Any, ...] | None = None
    notes: list[str | Msg] = field(default_factory=list)

    @property
    def computation(self) -> TermComputation | None:
        return TermComputation(*self.inputs) if self.inputs is not None else None

    @property
    def due_date(self) -> dt.date:
        return self.due.date() if isinstance(self.due, dt.datetime) else self.due

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "due": self.due.isoformat(),
            "status": self.status,
            "trigger": self.trigger,
            "rule": self.rule.id,
            "citation": self.rule.citation,
            "term": self.term.to_json(),
        }
        if self.satisfied_by is not None and self.satisfied_at is not None:
            out["satisfied_by"] = self.satisfied_by
            out["satisfied_at"] = self.satisfied_at.isoformat()
        if self.fatal:
            out["fatal"] = True
        return out

    def trace(self) -> list[str]:
        """The arithmetic in Spanish, one step a line, each citing its rule."""
        return [m.es() for m in self.trace_msgs()]

    def trace_msgs(self) -> list[Msg]:
        """:meth:`trace` as catalogue messages (what the web app stores and shows translated)."""
        lines = [
            Msg(
                "%(rule)s (%(citation)s): «%(quote)s».",
                rule=Raw(self.rule.id),
                citation=Raw(self.rule.citation),
                quote=Quote(self.rule.quote),
            )
        ]
        comp = self.computation
        if comp is not None:
            lines.extend(comp.explain_msgs())
        lines.extend(n if isinstance(n, Msg) else Msg(n) for n in self.notes)
        return lines

    def skips(self) -> list[Skip]:
        comp = self.computation
        return list(comp.skipped()) if comp is not None else []


@dataclass(slots=True)
class TermComputation:
    """The inputs of one due-date computation, kept so the trace can be re-derived on demand."""

    calendar: LegalCalendar
    start: dt.date | dt.datetime
    term: Term
    suspensions: Sequence[Suspension]
    roll_forward: bool
    hour_reading: str = "clock"
    start_label: str | Msg = ""
    add_after: Sequence[tuple[Term, str | Msg]] = ()

    def explain(self) -> list[str]:
        return [m.es() for m in _compute(self, traced=True)[1]]

    def explain_msgs(self) -> list[Msg]:
        return _compute(self, traced=True)[1]

    def skipped(self) -> list[Skip]:
        return _compute(self, traced=True)[2]

    def due(self) -> tuple[dt.date | dt.datetime, bool]:
        """(due, suspended): the due date, and whether an open suspension holds the term."""
        due, _, _, suspended = _compute(self, traced=False)
        return due, suspended


def compute_due(
    calendar: LegalCalendar,
    start: dt.date | dt.datetime,
    term: Term,
    *,
    suspensions: Sequence[Suspension] = (),
    roll_forward: bool = True,
    hour_reading: str = "clock",
    start_label: str | Msg = "",
    extensions: Sequence[tuple[Term, str | Msg]] = (),
) -> tuple[dt.date | dt.datetime, bool, TermComputation]:
    """Due date of ``term`` counted from ``start``, with any extensions added and suspensions applied.

    Returns ``(due, suspended, computation)``; ``suspended`` is True while a suspension that
    reached the term has no resumption on record (the due date then is the one the term had when
    it was suspended).
    """
    comp = TermComputation(calendar, start, term, suspensions, roll_forward, hour_reading, start_label, extensions)
    if not suspensions and not extensions and term.unit != "hours":
        # Fast path (most terms): one look-up in the calendar's precomputed tables.
        day = start.astimezone(PR_TZ).date() if isinstance(start, dt.datetime) else start
        if term.unit == "business_days":
            return dt.date.fromordinal(calendar.add_business_days_ord(day.toordinal(), term.amount)), False, comp
        last = day.toordinal() + term.amount
        return dt.date.fromordinal(calendar.next_business_day_ord(last) if roll_forward else last), False, comp
    due, _, _, suspended = _compute(comp, traced=False)
    return due, suspended, comp


def skip_msg(sk: Skip) -> Msg:
    """Why a day does not count (``Skip.reason``) as a catalogue message."""
    if sk.kind == "holiday" and sk.half_day:
        return Msg(
            "%(day)s: feriado — %(name)s: la tarde es feriado, y la Regla 68.1 de Procedimiento Civil considera "
            "el medio día feriado como feriado en su totalidad: por eso ese día no cuenta",
            day=sk.day,
            name=sk.name,
        )
    if sk.kind == "holiday":
        return Msg("%(day)s: feriado — %(name)s", day=sk.day, name=sk.name)
    if sk.kind == "closure":
        return Msg("%(day)s: cierre declarado de las oficinas", day=sk.day)
    if sk.kind == "weekend":
        return Msg("%(day)s: fin de semana", day=sk.day)
    return Msg("%(day)s: suspensión de los términos", day=sk.day)


def _paren(value: str | Msg | Typed) -> Msg | str:
    """`` (value)`` after a date, or nothing when there is no value."""
    if not value or (isinstance(value, Typed) and not value.text):
        return ""
    return Msg(" (%(text)s)", text=value)


def _compute(c: TermComputation, *, traced: bool) -> tuple[dt.date | dt.datetime, list[Msg], list[Skip], bool]:
    cal = c.calendar
    steps: list[Msg] = []
    skips: list[Skip] = []
    label = _paren(c.start_label)
    unit = c.term.unit
    if unit == "hours":
        start = c.start if isinstance(c.start, dt.datetime) else start_of_day(c.start)
        due_dt = cal.add_hours(start, c.term.amount, reading=c.hour_reading)
        for ext, _ in c.add_after:
            due_dt = cal.add_hours(due_dt, ext.amount, reading=c.hour_reading)
        if traced:
            if c.hour_reading == "clock":
                steps.append(
                    Msg(
                        "Desde el %(start)s%(label)s se cuentan %(n)s horas corridas (hora de Puerto Rico): "
                        "vence el %(due)s.",
                        start=start,
                        label=label,
                        n=c.term.amount,
                        due=due_dt,
                    )
                )
            else:
                steps.append(
                    Msg(
                        "Desde el %(start)s%(label)s se cuentan %(n)s horas sin contar fines de semana ni feriados "
                        "(hora de Puerto Rico): vence el %(due)s.",
                        start=start,
                        label=label,
                        n=c.term.amount,
                        due=due_dt,
                    )
                )
        # Hour terms are short; a suspension that starts before they end holds them.
        suspended = False
        for s in c.suspensions:
            if s.start <= due_dt.date() and s.start >= start.date():
                if s.end is None:
                    suspended = True
                    if traced:
                        if s.reason:
                            steps.append(
                                Msg("Suspendido desde %(day)s: %(reason)s", day=s.start, reason=Typed(s.reason))
                            )
                        else:
                            steps.append(Msg("Suspendido desde %(day)s", day=s.start))
                else:
                    held = dt.timedelta(days=(s.end - s.start).days)
                    due_dt = due_dt + held
                    if traced:
                        steps.append(
                            Msg(
                                "Suspensión del %(first)s al %(last)s (%(n)s días): vence el %(due)s.",
                                first=s.start,
                                last=s.end,
                                n=held.days,
                                due=due_dt,
                            )
                        )
        return due_dt, steps, skips, suspended

    start_d = c.start.astimezone(PR_TZ).date() if isinstance(c.start, dt.datetime) else c.start
    business = unit == "business_days"
    if business:
        due_o = cal.add_business_days_ord(start_d.toordinal(), c.term.amount)
        raw_o = due_o
    else:
        raw_o = start_d.toordinal() + c.term.amount
        due_o = cal.next_business_day_ord(raw_o) if c.roll_forward else raw_o
    if traced:
        if business:
            r = cal.add_business_days(start_d, c.term.amount)
            steps.append(
                Msg(
                    "Se cuentan %(n)s días laborables después del %(start)s%(label)s (ese día no cuenta): "
                    "vence el %(due)s."
                    if c.term.amount >= 0
                    else "Se cuentan %(n)s días laborables antes del %(start)s%(label)s (ese día no cuenta): "
                    "vence el %(due)s.",
                    n=abs(c.term.amount),
                    start=start_d,
                    label=label,
                    due=r.due,
                )
            )
            skips.extend(r.skips)
        else:
            steps.append(
                Msg(
                    "%(start)s%(label)s + %(term)s (el día del acto no cuenta) = %(last)s.",
                    start=start_d,
                    label=label,
                    term=c.term.msg(),
                    last=dt.date.fromordinal(raw_o),
                )
            )
    for ext, why in c.add_after:
        if (ext.unit == "business_days") != business:
            raise ValueError(f"una prórroga en {ext.unit} no puede añadirse a un término en {unit}")
        if business:
            due_o = cal.add_business_days_ord(due_o, ext.amount)
            raw_o = due_o
        else:
            # Extensions add to the term they extend (45 + 45 days = 90 days from the same trigger).
            raw_o += ext.amount
            due_o = cal.next_business_day_ord(raw_o) if c.roll_forward else raw_o
        if traced:
            steps.append(
                Msg(
                    "Se añade %(term)s (%(why)s): el último día pasa a ser el %(day)s.",
                    term=ext.msg(),
                    why=why,
                    day=dt.date.fromordinal(raw_o),
                )
            )
    suspended = False
    for s in sorted(c.suspensions, key=lambda s: s.start):
        first = max(s.start.toordinal(), start_d.toordinal() + 1)
        if first > due_o:
            continue  # the term had already run out when the suspension began
        if s.end is None:
            suspended = True
            if traced:
                steps.append(
                    Msg(
                        "Los términos están suspendidos desde el %(day)s%(reason)s; al reanudarse, la fecha se "
                        "moverá por los días de la suspensión.",
                        day=s.start,
                        reason=_paren(Typed(s.reason)),
                    )
                )
                skips.append(Skip(s.start, "suspension", f"{format_date_es(s.start)}: suspensión de los términos"))
            break
        end_o = s.end.toordinal()
        if end_o <= first:
            continue
        if business:
            shift = cal.business_days_in_ord(first, end_o - 1)
            due_o = cal.add_business_days_ord(due_o, shift)
            raw_o = due_o
        else:
            shift = end_o - first
            base = raw_o if first <= raw_o else due_o
            raw_o = base + shift
            due_o = cal.next_business_day_ord(raw_o) if c.roll_forward else raw_o
        if traced:
            d0, d1 = dt.date.fromordinal(first), dt.date.fromordinal(end_o - 1)
            steps.append(
                Msg(
                    "Suspensión del %(first)s al %(last)s%(reason)s: no cuentan %(n)s días laborables; el último "
                    "día pasa a ser el %(day)s."
                    if business
                    else "Suspensión del %(first)s al %(last)s%(reason)s: no cuentan %(n)s días; el último día "
                    "pasa a ser el %(day)s.",
                    first=d0,
                    last=d1,
                    reason=_paren(Typed(s.reason)),
                    n=shift,
                    day=dt.date.fromordinal(raw_o),
                )
            )
            for k in range(first, end_o):
                skips.append(
                    Skip(
                        dt.date.fromordinal(k),
                        "suspension",
                        f"{format_date_es(dt.date.fromordinal(k))}: suspensión de los términos",
                    )
                )
    if traced and not business and c.roll_forward and due_o != raw_o:
        raw = dt.date.fromordinal(raw_o)
        due = dt.date.fromordinal(due_o)
        for k in range(raw_o, due_o):
            sk = cal.why_not_business(dt.date.fromordinal(k))
            if sk is not None:
                skips.append(sk)
        steps.append(
            Msg(
                "El %(raw)s no es día laborable; el término se extiende al %(due)s (%(citation)s).",
                raw=raw,
                due=due,
                citation=Raw("1 LPRA §72; Regla 68.1 de Procedimiento Civil"),
            )
        )
    if traced and business:
        # Business-day terms: list every non-business day between the trigger and the due date.
        skips[:] = [sk for sk in skips if sk.kind == "suspension"] + [
            sk
            for sk in (cal.why_not_business(dt.date.fromordinal(k)) for k in range(start_d.toordinal() + 1, due_o))
            if sk is not None
        ]
        skips.sort(key=lambda sk: sk.day)
    due_final = dt.date.fromordinal(due_o)
    if traced:
        for sk in skips:
            if sk.kind != "suspension":
                steps.append(Msg("  · no cuenta: %(reason)s", reason=skip_msg(sk)))
        steps.append(Msg("Vence: %(day)s.", day=due_final))
    return due_final, steps, skips, suspended


def latest_moment(value: dt.date | dt.datetime) -> dt.datetime:
    if isinstance(value, dt.datetime):
        return value
    return dt.datetime.combine(value, dt.time(23, 59, 59), PR_TZ)


def status_for(
    due: dt.date | dt.datetime,
    satisfied_at: dt.date | dt.datetime | None,
    as_of: dt.date | dt.datetime,
    suspended: bool,
) -> Status:
    """open / met / missed / suspended.

    Met: the act came on or before the due date (or instant). Missed: it came late, or it has not
    come and ``as_of`` is past the due date. Suspended: an open suspension holds the term.
    """
    if satisfied_at is not None:
        return "met" if _on_or_before(satisfied_at, due) else "missed"
    if suspended:
        return "suspended"
    return "open" if _on_or_before(as_of, due) else "missed"


def _on_or_before(moment: dt.date | dt.datetime, due: dt.date | dt.datetime) -> bool:
    if isinstance(due, dt.datetime):
        if isinstance(moment, dt.datetime):
            return moment <= due
        return moment <= due.date()
    m = moment.astimezone(PR_TZ).date() if isinstance(moment, dt.datetime) else moment
    return m <= due
