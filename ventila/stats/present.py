"""The statistics as people read them: tables (title, headers, rows, a one-sentence summary) and their
charts as server-rendered SVG, shared by the dashboard, the public page, the exports and the annual
report. A public table shows a count of one or two as «menos de 3» (issue 18: such a cell could
identify an unresolved case)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ventila.cases.labels import ACTORS, CHOICES, DEADLINES, KINDS, STAGES, choice_label
from ventila.exports import Formatted
from ventila.rules import RULEBOOKS

from .queries import PUBLIC_MINIMUM, Stats


@dataclass
class Table:
    key: str
    title: str
    headers: list[str]
    rows: list[list[Any]]  # the first cell is the row's label; counts are ints (or «menos de 3»)
    summary: str
    chart_column: int | None = 1  # the column charted (None: no chart)
    chart: SafeString = field(default_factory=lambda: mark_safe(""))  # nosec B308 B703 - empty

    @property
    def labelled_rows(self) -> list[list[tuple[str, Any]]]:
        """Each row's cells with their column's header: a narrow screen stacks a row's cells and names each."""
        return [list(zip(self.headers, row, strict=False)) for row in self.rows]


def _label(mapping: Mapping[Any, Any], key: str) -> str:
    return str(mapping.get(key, key)) if key else _("Sin dato")


def _choice(row: dict[str, Any]) -> str:
    """A counted payload choice in words: its field's own when the row names the field (``field``)."""
    if not row["value"]:
        return str(_("Sin dato"))
    return str(choice_label(row["value"], *row.get("field", ("", ""))))


class Shown(str):
    """A cell as people read it on the pages and in the CSV (its text: «marzo 2027», «2027»), carrying the
    typed value the workbooks store (issue 29: a month was text in the XLSX) — a date cell with its number
    format, a year a number. The pages keep the text: a date object there would be localised by Django."""

    typed: Any
    number_format: str | None

    def __new__(cls, text: str, typed: Any, number_format: str | None = None) -> Shown:
        shown = super().__new__(cls, text)
        shown.typed, shown.number_format = typed, number_format
        return shown


MONTH_FORMAT = "mmm yyyy"  # the workbook's month cell: Excel writes the month's name in the reader's language


def _month(day: dt.date) -> Shown:
    return Shown(date_format(day, "F Y"), day, MONTH_FORMAT)


def _year(year: int) -> Shown:
    return Shown(str(year), year)


def _count(n: int, public: bool) -> Any:
    return _("menos de 3") if public and 0 < n < PUBLIC_MINIMUM else n


def _said(sentence: Callable[[int], str], n: int, public: bool) -> str:
    """A count sentence in the singular or the plural of ``n`` (``sentence`` calls ``ngettext`` with the
    two literal forms, so that makemessages finds them); a suppressed public cell («menos de 3») reads in
    the plural."""
    shown = _count(n, public)
    return sentence(n if shown == n else PUBLIC_MINIMUM) % {"n": shown}


class Number(float):
    """A statistic's figure (days, a rate): a number for the workbooks (issue 29: «72,4» was stored as text),
    written with a decimal comma on the pages and in the CSV."""

    def __str__(self) -> str:
        return f"{float(self):g}".replace(".", ",")


def _days(value: float | None) -> Any:
    return "—" if value is None else Number(value)


def _median_said(n: int, median: Any) -> str:
    """The durations' summary: the median in days, or why there is none (issue 29: «fue de — días»)."""
    if n == 0:
        return _("Ningún asunto llegó a la determinación en el período.")
    if median == "—":  # a public count of one or two: its median would tell a case's days
        return _("Menos de 3 asuntos llegaron a la determinación en el período: su mediana no se muestra.")
    return _("La mediana hasta la determinación fue de %(days)s días.") % {"days": median}


def tables(stats: Stats, *, public: bool = False) -> list[Table]:
    """Every statistic as a table, in the order the dashboard and the report show them."""
    out: list[Table] = []
    received = [[f"{_label(KINDS, r['kind'])} · {_label(CHOICES, r['channel'])}", r["n"]] for r in stats.received]
    total = sum(r["n"] for r in stats.received)
    out.append(
        Table(
            "recibidos",
            _("Querellas y referidos recibidos, por tipo y medio"),
            [_("Tipo y medio"), _("Recibidos")],
            received,
            _said(
                lambda k: ngettext(
                    "En el período se recibió %(n)s asunto.", "En el período se recibieron %(n)s asuntos.", k
                ),
                total,
                public,
            ),
        )
    )
    if not public and not stats.final_only:  # a count of today, which changes day by day: never public (issue 26)
        open_rows = [
            [f"{_label(KINDS, r['kind'])} · {_label(STAGES, r['stage'])}", r["n"]] for r in stats.open_by_stage
        ]
        out.append(
            Table(
                "abiertos",
                _("Casos abiertos hoy, por etapa"),
                [_("Tipo y etapa"), _("Casos abiertos")],
                open_rows,
                _said(
                    lambda k: ngettext("Hoy hay %(n)s caso abierto.", "Hoy hay %(n)s casos abiertos.", k),
                    sum(r["n"] for r in stats.open_by_stage),
                    public,
                ),
            )
        )
    months: dict[dt.date, dict[str, int]] = {}
    for r in stats.terms_by_month:
        months.setdefault(r["month"], {"met": 0, "missed": 0})[r["status"]] = r["n"]
    met = sum(c["met"] for c in months.values())
    missed = sum(c["missed"] for c in months.values())
    t = Table(
        "terminos",
        _("Términos cumplidos y vencidos, por mes en que vencían"),
        [_("Mes"), _("Cumplidos"), _("Vencidos")],
        [[_month(m), c["met"], c["missed"]] for m, c in sorted(months.items())],
        (
            _("De los términos que vencían en el período, menos de 3 se cumplieron o vencieron: no se muestran.")
            if public and (_small(met) or _small(missed))  # the total with one of them would tell the other
            else _("De %(total)s términos que vencían en el período, %(met)s se cumplieron y %(missed)s vencieron.")
            % {"total": _count(met + missed, public), "met": _count(met, public), "missed": _count(missed, public)}
        ),
        chart_column=None,
    )
    out.append(t)
    out.append(
        Table(
            "reglas",
            _("Términos vencidos, por regla y a quién le tocaba"),
            [_("Regla"), _("Término"), _("Le tocaba a"), _("Vencidos")],
            [
                [r["rule_id"], _label(DEADLINES, r["deadline_id"]), _label(ACTORS, r["actor"]), r["n"]]
                for r in stats.missed_rules
            ],
            (
                _("La regla más incumplida es %(rule)s.") % {"rule": stats.missed_rules[0]["rule_id"]}
                if stats.missed_rules
                else _("Ningún término venció sin cumplirse en el período.")
            ),
            chart_column=3,
        )
    )
    durations = []
    for label, d in (
        (_("Hasta la determinación"), stats.to_determination),
        (_("Hasta la resolución final"), stats.to_resolution),
    ):
        small = public and 0 < d["n"] < PUBLIC_MINIMUM
        durations.append(
            [label, _count(d["n"], public), "—" if small else _days(d["median"]), "—" if small else _days(d["p90"])]
        )
    out.append(
        Table(
            "tiempos",
            _("Días desde la presentación"),
            [_("Hasta"), _("Asuntos"), _("Mediana (días)"), _("Percentil 90 (días)")],
            durations,
            _median_said(stats.to_determination["n"], durations[0][2]),
            chart_column=None,
        )
    )
    out.append(
        Table(
            "desestimaciones",
            _("Desestimaciones, por causa"),
            [_("Causa"), _("Desestimaciones")],
            [[_choice(r), r["n"]] for r in stats.dismissals],
            _said(
                lambda k: ngettext(
                    "Se anotó %(n)s causa de desestimación.", "Se anotaron %(n)s causas de desestimación.", k
                ),
                sum(r["n"] for r in stats.dismissals),
                public,
            ),
        )
    )
    out.append(
        Table(
            "sanciones",
            _("Sanciones, por tipo"),
            [_("Sanción"), _("Veces impuesta")],
            [[_label(CHOICES, r["value"]), r["n"]] for r in stats.sanctions],
            _said(
                lambda k: ngettext("Se impuso %(n)s sanción.", "Se impusieron %(n)s sanciones.", k),
                sum(r["n"] for r in stats.sanctions),
                public,
            ),
        )
    )
    adv = stats.advisory
    out.append(
        Table(
            "opiniones",
            _("Opiniones consultivas"),
            [_("Concepto"), _("Cantidad")],
            [
                [_("Solicitadas"), adv["asked"]],
                [_("Términos cumplidos"), adv["met"]],
                [_("Términos vencidos"), adv["missed"]],
            ],
            _said(
                lambda k: ngettext(
                    "Se solicitó %(n)s opinión consultiva.", "Se solicitaron %(n)s opiniones consultivas.", k
                ),
                adv["asked"],
                public,
            ),
        )
    )
    financial = [
        {**r, "rate": None} if public and (_small(r["met"]) or _small(r["missed"])) else r for r in stats.financial
    ]  # a rate beside a count of one or two would tell it
    if (
        stats.financial or RULEBOOKS[stats.body.rulebook].register.obligations is not None
    ):  # a register of report duties
        out.append(
            Table(
                "informes",
                _("Cumplimiento de los informes financieros, por año"),
                [_("Año"), _("Cumplidos"), _("Vencidos"), _("Tasa de cumplimiento (%)")],
                [
                    [
                        _year(r["year"]),
                        r["met"],
                        r["missed"],
                        _days(r["rate"]),
                    ]
                    for r in financial
                ],
                (
                    _("En %(year)s se cumplió el %(rate)s %% de los deberes de informe.")
                    % {"year": financial[-1]["year"], "rate": _days(financial[-1]["rate"])}
                    if financial
                    else _("Ningún deber de informe financiero vencía en el período.")
                ),
            )
        )
    if RULEBOOKS[stats.body.rulebook].public.statistics.with_prejudice:
        out.append(
            Table(
                "perjuicio",
                _("Querellas desestimadas con perjuicio (¶17)"),
                [_("Concepto"), _("Cantidad")],
                [[_("Desestimadas con perjuicio"), stats.with_prejudice]],
                _said(
                    lambda k: ngettext(
                        "Se desestimó con perjuicio %(n)s querella.",
                        "Se desestimaron con perjuicio %(n)s querellas.",
                        k,
                    ),
                    stats.with_prejudice,
                    public,
                ),
            )
        )
    if public:
        for t in out:
            if t.key in ADDITIVE:
                _merge_small(t, ADDITIVE[t.key])
    for t in out:
        if t.key == "terminos":
            t.chart = grouped_chart(t, public)
        elif t.chart_column is not None:
            t.chart = bar_chart(t, public)
        if public:
            t.rows = [[_count(v, True) if isinstance(v, int) and i else v for i, v in enumerate(row)] for row in t.rows]
    return out


# The public tables whose rows add up to the period's totals (their summaries), and their count columns.
ADDITIVE = {"recibidos": (1,), "terminos": (1, 2), "reglas": (3,), "desestimaciones": (1,), "sanciones": (1,)}


def _small(n: int) -> bool:
    return 0 < n < PUBLIC_MINIMUM


def _merge_small(t: Table, cols: Sequence[int]) -> None:
    """Small cells suppressed with complementary suppression (issue 26): a row with a count of one or two
    is not shown — no row tells that a hidden count exists —, its counts join one last row «Otros»; while
    a count of that row is still one or two, the smallest other row joins it too, so that no hidden count
    can be worked out from the rows shown and the total. Only when every row has joined does «Otros» show
    «menos de 3» (the total itself is then under 3)."""
    kept = [r for r in t.rows if not any(_small(r[c]) for c in cols)]
    merged = [r for r in t.rows if any(_small(r[c]) for c in cols)]
    if not merged:
        return
    while kept and any(_small(sum(r[c] for r in merged)) for c in cols):
        smallest = min(kept, key=lambda r: sum(r[c] for c in cols))
        kept.remove(smallest)
        merged.append(smallest)
    width = len(t.rows[0])
    other: list[Any] = [_("Otros (cifras menores de 3, agrupadas)")]
    other += [sum(r[i] for r in merged) if i in cols else "" for i in range(1, width)]
    t.rows = [*kept, other]
    if t.key == "reglas":
        t.summary = (
            _("La regla más incumplida es %(rule)s.") % {"rule": max(kept, key=lambda r: r[3])[0]}
            if kept
            else _("Ninguna regla tiene 3 o más términos vencidos en el período: sus cifras no se muestran.")
        )


# -- SVG -------------------------------------------------------------------------------------------

_ROW, _LABEL_W, _BAR_W, _PAD = 26, 230, 220, 8
_DEFS = (
    '<defs><pattern id="{id}-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
    '<rect width="6" height="6" fill="#fff"/><line x1="0" y1="0" x2="0" y2="6" stroke="#0b0c0c" stroke-width="3"/>'
    "</pattern></defs>"
)


def _svg(t: Table, height: int, body: str, defs: bool = False) -> SafeString:
    width = _LABEL_W + _BAR_W + 80
    return format_html(
        '<svg class="chart" role="img" viewBox="0 0 {} {}" width="100%" preserveAspectRatio="xMinYMin meet" '
        'aria-labelledby="{}-title {}-desc" xmlns="http://www.w3.org/2000/svg"><title id="{}-title">{}</title>'
        '<desc id="{}-desc">{}</desc>{}{}</svg>',
        width,
        max(height, _ROW),
        t.key,
        t.key,
        t.key,
        t.title,
        t.key,
        t.summary,
        mark_safe(_DEFS.format(id=t.key)) if defs else "",  # nosec B308 B703 - a constant
        body,
    )


def _shown(n: int, public: bool) -> str:
    return str(_count(n, public))


def bar_chart(t: Table, public: bool) -> SafeString:
    assert t.chart_column is not None
    values = [int(r[t.chart_column]) for r in t.rows]
    if not values:
        return mark_safe("")  # nosec B308 B703 - empty
    top = max(values) or 1
    parts = []
    for i, (row, n) in enumerate(zip(t.rows, values, strict=True)):
        y = i * _ROW + _PAD
        w = 0 if public and 0 < n < PUBLIC_MINIMUM else round(_BAR_W * n / top)
        parts.append(
            format_html(
                '<text x="0" y="{}" font-size="14" dominant-baseline="middle">{}</text>'
                '<rect x="{}" y="{}" width="{}" height="16" fill="#1d70b8" stroke="#0b0c0c"/>'
                '<text x="{}" y="{}" font-size="14" dominant-baseline="middle">{}</text>',
                y + 8,
                _truncate(str(row[0])),
                _LABEL_W,
                y,
                w,
                _LABEL_W + w + 6,
                y + 8,
                _shown(n, public),
            )
        )
    return _svg(t, len(values) * _ROW + _PAD, format_html_join("", "{}", ((p,) for p in parts)))


def grouped_chart(t: Table, public: bool) -> SafeString:
    """Met and missed per month: met solid, missed hatched, each bar labelled with its word and count."""
    if not t.rows:
        return mark_safe("")  # nosec B308 B703 - empty
    top = max(max(int(r[1]), int(r[2])) for r in t.rows) or 1
    parts = []
    y = _PAD
    for row in t.rows:
        parts.append(
            format_html(
                '<text x="0" y="{}" font-size="14" font-weight="bold" dominant-baseline="middle">{}</text>',
                y + 8,
                row[0],
            )
        )
        y += _ROW - 6
        for n, word, fill in (
            (int(row[1]), _("cumplidos"), "#1d70b8"),
            (int(row[2]), _("vencidos"), f"url(#{t.key}-hatch)"),
        ):
            w = 0 if public and 0 < n < PUBLIC_MINIMUM else round(_BAR_W * n / top)
            parts.append(
                format_html(
                    '<text x="16" y="{}" font-size="14" dominant-baseline="middle">{}</text>'
                    '<rect x="{}" y="{}" width="{}" height="16" fill="{}" stroke="#0b0c0c"/>'
                    '<text x="{}" y="{}" font-size="14" dominant-baseline="middle">{}</text>',
                    y + 8, word, _LABEL_W, y, w, fill, _LABEL_W + w + 6, y + 8, _shown(n, public),
                )
            )  # fmt: skip
            y += _ROW - 6
        y += 6
    return _svg(t, y + _PAD, format_html_join("", "{}", ((p,) for p in parts)), defs=True)


def _truncate(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _typed(value: Any) -> Any:
    """A cell as the workbook stores it: a :class:`Number` a plain float, a :class:`Shown` its typed value (a
    month a date cell with its number format), anything else as it is."""
    if isinstance(value, Number):
        return float(value)
    if isinstance(value, Shown):
        return Formatted(value.typed, value.number_format) if value.number_format else value.typed
    return value


def export_sheets(items: Sequence[Table]) -> list[tuple[str, list[str], list[list[Any]]]]:
    """The tables as the workbook's sheets: each figure a number cell, each month a date cell (:func:`_typed`)."""
    return [(t.title, t.headers, [[_typed(v) for v in row] for row in t.rows]) for t in items]
