"""The documents the texts call for: which docket act produces each, the rule that requires it,
who receives it, what its service starts, and the data its text is generated from.

The text of each document is a template per language (``templates/documents/texts/<lang>/<key>.txt``),
divided into sections by lines ``@@ key | Heading``. Staff edit the sections of a draft; the keys of
the sections the law requires (Sec. 21(b)(4), Sec. 21(c)(11), Sec. 22, ¶14, ¶16) are checked against
the rulebook's own lists before the document may be issued.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.template import Context, Template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from ventila import clock
from ventila.bodies.models import Person
from ventila.cases.labels import DEADLINES, choice_label
from ventila.cases.models import Case, DocketEntry, Party
from ventila.rules import PR_TZ, RULEBOOKS
from ventila.rules.calendar import format_date_es
from ventila.rules.parts import Document

FINDINGS_CONTENTS = {
    "findings_of_fact": "Determinaciones de hechos",
    "conclusions_of_law": "Conclusiones de derecho",
}


@dataclass(frozen=True)
class Problem:
    """A required content missing from a draft: the section and a Spanish message."""

    section: str
    rule_id: str
    message: str


@dataclass(frozen=True)
class DocSpec:
    key: str
    rulebook: str
    title: str  # Spanish msgid (translated with gettext where shown)
    events: tuple[str, ...]  # the docket acts that produce the document
    rule_id: str | Callable[[Case, DocketEntry], str]
    recipients: tuple[str, ...]  # respondent, complainant, counsel, speaker, requester
    receipt_act: str | None = None  # the act a recipient's receipt records (it starts the terms)
    receipt_roles: tuple[str, ...] = ()
    receipt_payload: Mapping[str, Any] = field(default_factory=dict)
    receipt_per: str = ""  # see ``Document``
    receipt_unless: str = ""
    receipt_lists_parties: bool = False
    required: Callable[[Case, DocketEntry, set[str]], list[Problem]] | None = None
    applies: Callable[[DocketEntry], bool] | None = None
    # the text per language, when the rulebook carries it (``Document.text``); else the template file
    text: Mapping[str, str] = field(default_factory=dict)

    def rule_for(self, case: Case, entry: DocketEntry) -> Any:
        rid = self.rule_id(case, entry) if callable(self.rule_id) else self.rule_id
        return RULEBOOKS[self.rulebook].rules[rid]


def _rulebook_check(case: Case, entry: DocketEntry, included: set[str]) -> list[Problem]:
    check = RULEBOOKS[case.body.rulebook].documents.checks[_document(case, entry).key]
    return [Problem(p.field, p.rule_id, p.message) for p in check(included)]


def _initial_summons_check(case: Case, entry: DocketEntry, included: set[str]) -> list[Problem]:
    if not is_initial_hearing(entry):
        return []
    # The method is checked when the summons is served (service.py); here, only the contents.
    check = RULEBOOKS[case.body.rulebook].documents.checks[_document(case, entry).key]
    problems = check(included, to="respondent", method="personal", initial=True)
    return [Problem(p.field, p.rule_id, p.message) for p in problems]


def _document(case: Case, entry: DocketEntry) -> Document:
    """The rulebook's document a check is run for (the one with a check that this act produces)."""
    return next(
        d for d in RULEBOOKS[case.body.rulebook].documents.catalogue if entry.event_type in d.events and d.required
    )


def _findings_required(rule_id: str) -> Callable[[Case, DocketEntry, set[str]], list[Problem]]:
    def check(case: Case, entry: DocketEntry, included: set[str]) -> list[Problem]:
        return [
            Problem(k, rule_id, f"El documento debe contener: {label}.")
            for k, label in FINDINGS_CONTENTS.items()
            if k not in included
        ]

    return check


def _contents_required(
    contents: Mapping[str, tuple[str, str]],
) -> Callable[[Case, DocketEntry, set[str]], list[Problem]]:
    def check(case: Case, entry: DocketEntry, included: set[str]) -> list[Problem]:
        return [
            Problem(k, rid, f"La notificación debe incluir: {label}.")
            for k, (rid, label) in contents.items()
            if k not in included
        ]

    return check


def is_initial_hearing(entry: DocketEntry) -> bool:
    if entry.payload.get("initial") is not None:
        return bool(entry.payload["initial"])
    return not DocketEntry.objects.filter(
        case_id=entry.case_id, event_type="hearing_noticed", seq__lt=entry.seq
    ).exists()


def _final_report_rule(case: Case, entry: DocketEntry) -> str:
    route = RULEBOOKS[case.body.rulebook].docket.final_report.route
    if route is None:  # only a body that refers Final Reports has this document
        raise ValueError(f"the rulebook {case.body.rulebook} refers no Final Report")
    return route(case.respondent_role, entry.payload.get("recommendation")).rule_id


def late_duties(case: Case, today: dt.date | None = None) -> list[Any]:
    """The report duties of a financial-report case (the rulebook's ``Obligations.duty_deadlines``)
    whose due day has passed unmet, from the case's stored terms; none for any other kind of case."""
    obligations = RULEBOOKS[case.body.rulebook].register.obligations
    if obligations is None or case.kind != obligations.kind:
        return []
    today = today or clock.today()
    return list(
        case.deadlines.filter(
            deadline_id__in=list(obligations.duty_deadlines),
            satisfied_on__isnull=True,
            status__in=["open", "missed"],
            due__lt=today,
        ).order_by("due", "position")
    )


def _late_rule(case: Case, entry: DocketEntry) -> str:
    """The rule of the earliest duty the notice to a late filer is about (CAM-14D-01, CAM-14C-01, …)."""
    late = late_duties(case)
    if not late:
        raise ValueError("no late report duty on this case")
    return str(late[0].rule_id)


def _has_late_duty(entry: DocketEntry) -> bool:
    return bool(late_duties(entry.case))


def _rule_chooser(doc: Document) -> str | Callable[[Case, DocketEntry], str]:
    """The rule of a document as :class:`DocSpec` takes it: its ``rule_id``, or what picks it (``rule_by``)."""
    by = doc.rule_by
    if not by:
        return doc.rule_id
    if by == "final_report_route":
        return _final_report_rule
    if by == "late_duty":
        return _late_rule

    def key(entry: DocketEntry) -> Any:
        if by == "event":
            return entry.event_type
        if by == "initial_hearing":
            return is_initial_hearing(entry)
        value = entry.payload.get(by.removeprefix("payload:"))
        return value if isinstance(value, str) else bool(value)

    return lambda case, entry: doc.rules.get(key(entry), doc.rule_id)


def _required(doc: Document) -> Callable[[Case, DocketEntry, set[str]], list[Problem]] | None:
    if doc.required == "findings":
        return _findings_required(doc.rule_id)
    if doc.required == "contents":
        return _contents_required(doc.contents)
    return {"rulebook_check": _rulebook_check, "initial_summons_check": _initial_summons_check}.get(doc.required)


def _from_rulebook(rulebook_id: str, doc: Document) -> DocSpec:
    return DocSpec(
        doc.key,
        rulebook_id,
        doc.title,
        doc.events,
        _rule_chooser(doc),
        doc.recipients,
        receipt_act=doc.receipt_act,
        receipt_roles=doc.receipt_roles,
        receipt_payload=doc.receipt_payload,
        receipt_per=doc.receipt_per,
        receipt_unless=doc.receipt_unless,
        receipt_lists_parties=doc.receipt_lists_parties,
        required=_required(doc),
        applies=_has_late_duty if doc.applies == "late_duty" else None,
        text=doc.text,
    )


class _Specs(dict[str, DocSpec]):
    """The documents by key, as the registered rulebooks carry them (``Rulebook.documents.catalogue``; a rulebook
    registered later, a test's, is read when its document is first asked for)."""

    def __missing__(self, key: str) -> DocSpec:
        for rulebook in RULEBOOKS.values():
            for doc in rulebook.documents.catalogue:
                if doc.key == key:
                    spec = self[key] = _from_rulebook(rulebook.id, doc)
                    return spec
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:  # reads __missing__ too
        try:
            return self[key]
        except KeyError:
            return default


SPECS: tuple[DocSpec, ...] = tuple(
    _from_rulebook(rb.id, d) for rb in RULEBOOKS.values() for d in rb.documents.catalogue
)
BY_KEY = _Specs({s.key: s for s in SPECS})


def specs_for(case: Case, entry: DocketEntry) -> list[DocSpec]:
    """The documents the texts tie to this docket act."""
    rulebook = case.body.rulebook
    own = [BY_KEY[d.key] for d in RULEBOOKS[rulebook].documents.catalogue] if rulebook in RULEBOOKS else []
    return [s for s in own if entry.event_type in s.events and (s.applies is None or s.applies(entry))]


def prepare_entries(cases: list[Case], key: str) -> dict[int, DocketEntry]:
    """The docket act each of ``cases`` prepares the document ``key`` from (case id → its first act that
    produces it, when the document applies there): one read of the docket for all of them. The queue's
    and the compliance board's «Preparar aviso», and the board's bulk notices (issue 29)."""
    spec = BY_KEY.get(key)
    if spec is None or not cases:
        return {}
    by_id = {c.pk: c for c in cases}
    out: dict[int, DocketEntry] = {}
    entries = DocketEntry.objects.filter(case_id__in=list(by_id), event_type__in=spec.events).order_by("seq")
    for e in entries:
        if e.case_id in out:
            continue
        e.case = by_id[e.case_id]
        if spec.applies is None or spec.applies(e):
            out[e.case_id] = e
    return out


def prepare_urls(cases: list[Case], key: str) -> dict[int, str]:
    """Where to prepare the document ``key`` for each of ``cases`` (case id → the «new document» URL of
    its act that produces it; :func:`prepare_entries`)."""
    return {
        case_id: reverse("documents:new", args=[e.case.number, e.seq, key])
        for case_id, e in prepare_entries(cases, key).items()
    }


# -- the data a text is generated from --------------------------------------------------------------


def long_date(day: dt.date, lang: str) -> str:
    return format_date_es(day) if lang == "es" else f"{day:%B} {day.day}, {day.year}"


def term_text(rule_id: str, rulebook: str, lang: str) -> str:
    term = RULEBOOKS[rulebook].rules[rule_id].term
    if term is None:
        return ""
    if lang == "es":
        return term.es()
    unit = {"business_days": "business days", "calendar_days": "calendar days", "days": "days", "hours": "hours"}[
        term.unit
    ]
    return f"{term.amount} {unit}"


def label(value: Any, event_type: str = "", field: str = "") -> str:
    """A payload choice in words: its field's own when ``event_type`` and ``field`` are given."""
    return str(choice_label(value, event_type, field))


def _parse_moment(value: str) -> dt.datetime | dt.date:
    if len(value) == 10:
        return dt.date.fromisoformat(value)
    return dt.datetime.fromisoformat(value).replace(tzinfo=PR_TZ)


def context_for(case: Case, entry: DocketEntry, lang: str, today: dt.date) -> dict[str, Any]:
    entries = list(case.entries.order_by("seq"))
    superseded = {e.supersedes_id for e in entries if e.supersedes_id}
    live = [e for e in entries if e.pk not in superseded]
    # the act that opened the case (as corrected, if it was)
    filing = next((e for e in live if e.event_type == entries[0].event_type), entries[0])
    parties = list(case.parties.all())
    respondent = next((p for p in parties if p.role == Party.Role.RESPONDENT), None)
    complainant = next((p for p in parties if p.role == Party.Role.COMPLAINANT), None)
    counsel = [p for p in parties if p.role == Party.Role.COUNSEL]
    payload = dict(entry.payload)
    hearing = None
    if entry.event_type == "hearing_noticed" and payload.get("hearing_date"):
        moment = _parse_moment(str(payload["hearing_date"]))
        day = moment.date() if isinstance(moment, dt.datetime) else moment
        hearing = {
            "date": long_date(day, lang),
            "time": moment.strftime("%H:%M") if isinstance(moment, dt.datetime) else "",
            "initial": is_initial_hearing(entry),
            "public": payload.get("public"),
        }
    member = None
    if payload.get("member") and str(payload["member"]).isdigit():
        member = Person.objects.filter(pk=int(payload["member"])).first()
    rulebook = RULEBOOKS[case.body.rulebook]
    # the request a decision answers (``Document.answers``): the latest before it
    asked = {a for d in rulebook.documents.catalogue if entry.event_type in d.events for a in d.answers}
    recusal_request = next((e for e in reversed(live) if e.event_type in asked and e.seq < entry.seq), None)
    resolved = next((e for e in reversed(live) if e.event_type == "resolved" and e.seq <= entry.seq), None)
    route = None
    allowed: list[str] = []
    rb = case.body.rulebook
    routed = any(
        entry.event_type in d.events for d in rulebook.documents.catalogue if d.rule_by == "final_report_route"
    )
    if rulebook.docket.final_report.sanctions_for is not None:
        allowed = [label(s) for s in rulebook.docket.final_report.sanctions_for(case.respondent_role)]
        if allowed and routed and rulebook.docket.final_report.route is not None:
            route = rulebook.docket.final_report.route(case.respondent_role, payload.get("recommendation"))
    terms = {name: term_text(rule_id, rb, lang) for name, rule_id in rulebook.documents.terms.items()}
    occurred = entry.occurred_at.astimezone(PR_TZ).date()
    variant = next(
        (d.variants[entry.event_type] for d in rulebook.documents.catalogue if entry.event_type in d.variants), ""
    )
    return {
        "case": case,
        "body": case.body,
        "entry": entry,
        "variant": variant,
        "payload": payload,
        "details": dict(entry.details),
        "occurred": long_date(occurred, lang),
        "today": long_date(today, lang),
        "filed": long_date(filing.occurred_at.astimezone(PR_TZ).date(), lang),
        "complaint": dict(filing.details),
        "respondent": respondent,
        "complainant": complainant,
        "counsel": counsel,
        "hearing": hearing,
        "member": member,
        "recusal_grounds": [label(g) for g in (recusal_request.payload.get("grounds") or [])]
        if recusal_request
        else [],
        "recusal_by": label(recusal_request.payload.get("by")) if recusal_request else "",
        "outcome": label(payload.get("outcome")) if payload.get("outcome") is not None else "",
        # a list of grounds (Sec. 21(c)) or one ground (an advisory request rejected de plano, Sec. 19)
        "grounds": [
            label(g, entry.event_type, "grounds")
            for g in ([payload["grounds"]] if isinstance(payload.get("grounds"), str) else payload.get("grounds") or [])
        ],
        "request": dict(filing.payload),
        "revision": label(payload["revision"], entry.event_type, "revision") if payload.get("revision") else "",
        "resolved": dict(resolved.details) if resolved else {},
        "resolved_outcome": label(resolved.payload.get("outcome")) if resolved else "",
        "route": route,
        "route_to": label(route.to) if route else "",
        "recommendation": label(payload.get("recommendation")) if payload.get("recommendation") else "",
        "allowed_sanctions": allowed,
        "terms": terms,
        "notice_contents": rulebook.documents.contents.get("notice_of_complaint", {}),
        # Sec. 11: the notice a decision on an outside activity answers, its term and the roll call.
        "notice": dict(filing.payload),
        "activity": label(filing.payload.get("activity")) if filing.payload.get("activity") else "",
        "objection_term": terms.get("objection", ""),
        "roll_call": getattr(entry, "roll_call", None) if hasattr(entry, "roll_call") else None,
        "summons_contents": rulebook.documents.contents.get("hearing_summons", {}),
        "late_duties": [
            {
                "label": str(DEADLINES.get(d.deadline_id, d.deadline_id)),
                "due": long_date(d.due, lang),
                "days": (today - d.due).days,
                "rule_id": d.rule_id,
                "citation": d.citation,
            }
            for d in late_duties(case, today)
        ],
    }


def generate_sections(spec: DocSpec, case: Case, entry: DocketEntry, lang: str, today: dt.date) -> list[dict[str, str]]:
    """The draft text of a document, by sections, from the case's data and docket."""
    with translation.override(lang):
        context = context_for(case, entry, lang, today)
        if spec.text:
            text = Template(spec.text.get(lang) or spec.text["es"]).render(Context(context))
        else:
            text = render_to_string(f"documents/texts/{lang}/{spec.key}.txt", context)
    return parse_sections(text)


def parse_sections(text: str) -> list[dict[str, str]]:
    sections: list[dict[str, str]] = []
    for line in text.splitlines():
        if line.startswith("@@"):
            key, _sep, heading = line[2:].partition("|")
            sections.append({"key": key.strip(), "heading": heading.strip(), "text": ""})
        elif sections:
            sections[-1]["text"] += line + "\n"
    for s in sections:
        lines = [ln.rstrip() for ln in s["text"].strip("\n").splitlines()]
        # Collapse the blank lines template tags leave behind (keep one between paragraphs).
        out: list[str] = []
        for ln in lines:
            if ln or (out and out[-1]):
                out.append(ln)
        s["text"] = "\n".join(out).strip()
    return sections


# What each term a document states is, in words (the names of the rulebooks' ``documents.terms``).
TERM_LABELS = {
    "answer": gettext_noop("el término para contestar"),
    "extension": gettext_noop("la prórroga que puede solicitar"),
    "hearing_notice": gettext_noop("la antelación con que se notifica la vista"),
    "determination_notice": gettext_noop("el término para notificar la determinación"),
}


def missing_contents(
    spec: DocSpec, case: Case, entry: DocketEntry, sections: list[dict[str, str]], lang: str = "es"
) -> list[Problem]:
    """What a draft lacks before it may be issued: the sections the law requires (not blank) and, in
    them, what the rulebook says they must state (``documents.statements``: the term paragraph of a
    notice gives the term to answer *and* the extension, each in the words of its rule, in the
    document's language — two terms of the same length must both be there)."""
    included = {s["key"] for s in sections if s["text"].strip()}
    problems = spec.required(case, entry, included) if spec.required is not None else []
    rulebook = RULEBOOKS[case.body.rulebook]
    blank = {p.section for p in problems}
    for key, names in rulebook.documents.statements.get(spec.key, {}).items():
        section = next((s for s in sections if s["key"] == key), None)
        if section is None or key in blank or not section["text"].strip():
            continue  # a missing section is already a problem of its own
        text = _normal(section["text"])
        found: dict[str, int] = {}
        for name in names:
            rule_id = rulebook.documents.terms[name]
            term = term_text(rule_id, case.body.rulebook, lang)
            if not term:
                continue
            if _normal(term) not in found:
                found[_normal(term)] = len(re.findall(rf"(?<!\w){re.escape(_normal(term))}(?!\w)", text))
            found[_normal(term)] -= 1
            if found[_normal(term)] < 0:
                rule = rulebook.rules[rule_id]
                problems.append(
                    Problem(
                        key,
                        rule_id,
                        _("Este párrafo debe indicar %(what)s: %(term)s (%(citation)s).")
                        % {"what": _(TERM_LABELS.get(name, name)), "term": term, "citation": rule.citation},
                    )
                )
    return problems


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def regenerate_section(spec: DocSpec, case: Case, entry: DocketEntry, lang: str, today: dt.date, key: str) -> str:
    """The text the template gives section ``key`` today (what «Regenerar» puts back)."""
    for s in generate_sections(spec, case, entry, lang, today):
        if s["key"] == key:
            return s["text"]
    raise KeyError(key)


def quotation(rulebook: str, rule: Any) -> str:
    """What a document quotes for its rule: the whole sentence of the text (``documents.quotes``), or the
    rule's own quote when that is already a sentence."""
    return str(RULEBOOKS[rulebook].documents.quotes.get(rule.id, rule.quote))
