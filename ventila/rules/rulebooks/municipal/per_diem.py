"""¶4 (H2 «2. Emolumentos»): no salary, a per diem for each meeting, reimbursable expenses.
Rules ``MUN-DIE-*``.

Pure helper: :func:`compute_monthly_statement` turns a month's meetings and expense claims into
the statement lines and totals per commissioner. The amount comes from the rule (``PER_DIEM_AMOUNT``,
MUN-DIE-02) through the rulebook setting ``per_diem_amount``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

from ...i18n import Msg, Typed
from ..common import RuleSet

R = RuleSet()

R.add(
    "MUN-DIE-01",
    "SUBSTANTIVE",
    "¶4",
    "Los Comisionados no recibirán compensación alguna",
    "Los Comisionados no reciben sueldo por sus funciones.",
)
R.add(
    "MUN-DIE-02",
    "RECORD",
    "¶4",
    "dieta de setenta y cinco (75) dólares por cada reunión",
    "Dieta de $75 por cada reunión en que se realicen gestiones oficiales; se registran las reuniones de "
    "cada comisionado (ajustes per_diem_amount y per_diem_per_meeting).",
)
R.add(
    "MUN-DIE-03",
    "RECORD",
    "¶4",
    "reembolso de los gastos necesarios en que incurra en el desempeño de sus deberes oficiales, sujeto a "
    "los reglamentos aplicables del Departamento de Hacienda",
    "Reembolso de gastos necesarios de deberes oficiales, sujeto a los reglamentos de Hacienda (externos).",
)

RULES = R.rules

# MUN-DIE-02: «dieta de setenta y cinco (75) dólares por cada reunión».
PER_DIEM_AMOUNT = Decimal(75)


@dataclass(frozen=True)
class Meeting:
    """One meeting a commissioner attended. ``official_business``: «en que se realicen gestiones
    relacionadas con los deberes que se le impone en esta ley» (¶4). ``ref``: the caller's name for
    the record (carried to its lines); ``reversed_because``: the reason it was reversed ("": it
    stands)."""

    day: dt.date
    commissioner: str
    official_business: bool = True
    description: str = ""
    ref: str = ""
    reversed_because: str = ""


@dataclass(frozen=True)
class Expense:
    """One expense claim: necessary, incurred in official duties (¶4); Hacienda's rules decide the rest.
    ``ref`` and ``reversed_because`` as for :class:`Meeting`."""

    day: dt.date
    commissioner: str
    amount: Decimal
    description: str = ""
    ref: str = ""
    reversed_because: str = ""


@dataclass(frozen=True)
class StatementLine:
    """A payable item, or (``reverses``) the line that takes back a reversed item: the same amount,
    negative, on the same day and under the same rule, so that the month's totals net it out."""

    day: dt.date
    commissioner: str
    kind: Literal["per_diem", "expense"]
    description: str
    amount: Decimal
    rule_id: str
    ref: str = ""
    reverses: bool = False
    reversed: bool = False  # this item was reversed (a ``reverses`` line follows it)


@dataclass(frozen=True)
class PerDiemPolicy:
    """What the ledger does with a second meeting on official business of one commissioner on one day:
    ``second_same_day`` is ``"confirm"`` (it earns another per diem — ambiguity 17's default, setting
    ``per_diem_per_meeting`` — so the clerk confirms it was another meeting) or ``"refuse"`` (one per
    diem a day: the setting ``false``). ``amount``: the per diem (MUN-DIE-02, setting ``per_diem_amount``)."""

    amount: Decimal
    second_same_day: Literal["confirm", "refuse"]
    rule_id: str
    setting: str


def per_diem_policy(settings: Mapping[str, Any] | None = None) -> PerDiemPolicy:
    """The ledger's policy under these settings (see :class:`PerDiemPolicy`)."""
    st = settings or {}
    per_meeting = bool(st.get("per_diem_per_meeting", True))
    return PerDiemPolicy(
        per_diem_amount(st), "confirm" if per_meeting else "refuse", "MUN-DIE-02", "per_diem_per_meeting"
    )


@dataclass(frozen=True)
class MonthlyStatement:
    """A month's per diems and reimbursements: one line per payable item, totals per commissioner."""

    year: int
    month: int
    lines: tuple[StatementLine, ...]
    per_diem_by_commissioner: Mapping[str, Decimal]
    expenses_by_commissioner: Mapping[str, Decimal]
    total_by_commissioner: Mapping[str, Decimal]
    per_diem_total: Decimal
    expense_total: Decimal
    total: Decimal
    warnings: tuple[Msg, ...] = field(default=())


def per_diem_amount(settings: Mapping[str, Any] | None = None) -> Decimal:
    """The per diem per meeting: the setting ``per_diem_amount`` (default: MUN-DIE-02's $75)."""
    value = (settings or {}).get("per_diem_amount", PER_DIEM_AMOUNT)
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal, str)):
        raise ValueError(f"per_diem_amount inválido: {value!r}")
    amount = Decimal(str(value))
    if amount < 0:
        raise ValueError(f"per_diem_amount inválido: {value!r}")
    return amount


def compute_monthly_statement(
    year: int,
    month: int,
    meetings: Iterable[Meeting],
    expenses: Iterable[Expense] = (),
    *,
    settings: Mapping[str, Any] | None = None,
) -> MonthlyStatement:
    """The statement of one month: a per diem for each meeting attended on official business
    (MUN-DIE-02) and each expense claim (MUN-DIE-03), with totals per commissioner.

    Interpretation (ambiguity 17, setting ``per_diem_per_meeting``): by default every meeting earns a
    per diem, even several on one day; with ``False`` a commissioner earns one per diem per day.
    Items outside the month are ignored with a warning; meetings without official business earn none.
    A reversed item (``reversed_because``) keeps its line and is followed by its reversal, the same
    amount negative: the ledger shows both and its totals net them out (nothing is deleted).
    """
    st = settings or {}
    amount = per_diem_amount(st)
    per_meeting = bool(st.get("per_diem_per_meeting", True))
    lines: list[StatementLine] = []
    warnings: list[Msg] = []
    paid_days: set[tuple[str, dt.date]] = set()

    def in_month(day: dt.date) -> bool:
        return day.year == year and day.month == month

    def warn(item: Meeting | Expense, why: Msg) -> None:
        """``why`` (its ``day`` and ``who``) among the warnings: the item is left out."""
        warnings.append(Msg(why.template, day=item.day, who=Typed(item.commissioner)))

    def post(
        item: Meeting | Expense, kind: Literal["per_diem", "expense"], text: str, amount: Decimal, rule: str
    ) -> None:
        """A line of the statement, and its reversal after it when the item was reversed."""
        why = item.reversed_because
        lines.append(StatementLine(item.day, item.commissioner, kind, text, amount, rule, item.ref, reversed=bool(why)))
        if why:
            lines.append(_reversal(lines[-1], why))

    for m in sorted(meetings, key=lambda m: (m.day, m.commissioner)):
        if not in_month(m.day):
            warn(m, _MEETING_NOT_OF_MONTH)
            continue
        if not m.official_business:
            warn(m, _NOT_OFFICIAL)
            continue
        if not per_meeting and (m.commissioner, m.day) in paid_days:
            warnings.append(
                Msg(
                    "%(who)s ya cobra la dieta del %(day)s: una por día (ajuste per_diem_per_meeting).",
                    who=Typed(m.commissioner),
                    day=m.day,
                )
            )
            continue
        if not m.reversed_because:  # a reversed meeting does not take the day's per diem
            paid_days.add((m.commissioner, m.day))
        post(m, "per_diem", m.description or "Dieta por reunión (¶4)", amount, "MUN-DIE-02")
    for e in sorted(expenses, key=lambda e: (e.day, e.commissioner)):
        if not in_month(e.day):
            warn(e, _EXPENSE_NOT_OF_MONTH)
            continue
        if e.amount < 0:
            raise ValueError(f"gasto negativo: {e!r}")
        post(
            e,
            "expense",
            e.description or "Reembolso de gastos (¶4; reglamentos de Hacienda)",
            Decimal(e.amount),
            "MUN-DIE-03",
        )
    per_diem: dict[str, Decimal] = {}
    spent: dict[str, Decimal] = {}
    for ln in lines:
        target = per_diem if ln.kind == "per_diem" else spent
        target[ln.commissioner] = target.get(ln.commissioner, Decimal(0)) + ln.amount
    names = sorted(set(per_diem) | set(spent))
    totals = {n: per_diem.get(n, Decimal(0)) + spent.get(n, Decimal(0)) for n in names}
    per_diem_total = sum(per_diem.values(), Decimal(0))
    expense_total = sum(spent.values(), Decimal(0))
    return MonthlyStatement(
        year,
        month,
        tuple(lines),
        {n: per_diem.get(n, Decimal(0)) for n in names},
        {n: spent.get(n, Decimal(0)) for n in names},
        totals,
        per_diem_total,
        expense_total,
        per_diem_total + expense_total,
        tuple(warnings),
    )


def _reversal(line: StatementLine, reason: str) -> StatementLine:
    return StatementLine(
        line.day,
        line.commissioner,
        line.kind,
        f"«{line.description}» — motivo: {reason}",
        -line.amount,
        line.rule_id,
        line.ref,
        reverses=True,
    )


# Why a meeting or an expense is left out of a month's statement (``%(day)s``, ``%(who)s``).
_MEETING_NOT_OF_MONTH = Msg("La reunión del %(day)s (%(who)s) no es de este mes; no se incluye.")
_NOT_OFFICIAL = Msg("La reunión del %(day)s (%(who)s) no fue para gestiones oficiales: no genera dieta (¶4).")
_EXPENSE_NOT_OF_MONTH = Msg("El gasto del %(day)s (%(who)s) no es de este mes; no se incluye.")


def monthly_statement(
    year: int,
    month: int,
    meetings: Sequence[tuple[Any, ...]],
    expenses: Sequence[tuple[Any, ...]],
    settings: Mapping[str, Any],
) -> MonthlyStatement:
    """:func:`compute_monthly_statement` of meetings and expenses given as plain tuples."""
    return compute_monthly_statement(
        year, month, [Meeting(*m) for m in meetings], [Expense(*e) for e in expenses], settings=settings
    )
