"""What each body's public form asks and checks, taken from its rulebook's ``public.filing``: a form the
rulebook checks whole (``check_form``: the House, Secs. 20–21(a), and the 30-day warning as the rulebook's
own finding on the would-be docket), or a sworn writing the app checks, citing the rulebook's
``sworn_writing_rules`` (the municipal Commission: who may complain, the writing, the oath, the evidence).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import asdict, dataclass
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from ventila import clock
from ventila.bodies.models import Body, Closure, ElectionDay, OfficeTerm, offices_held_on
from ventila.cases.evaluation import CaseFacts, PlannedEvent, compute_evaluation
from ventila.cases.labels import CHOICES
from ventila.rules import RULEBOOKS
from ventila.rules.engine import PublicFiling
from ventila.rules.rulebooks.common import normalize_name

from . import register_cache

STEPS: list[tuple[str, Any]] = [
    ("quien", gettext_lazy("Quién presenta")),
    ("querellado", gettext_lazy("Contra quién")),
    ("hechos", gettext_lazy("Los hechos")),
    ("evidencia", gettext_lazy("Evidencia y testigos")),
    ("juramento", gettext_lazy("Revisión y juramento")),
]
STEP_NAMES = [s for s, _t in STEPS]

# Which step shows a problem about each field of the complaint.
FIELD_STEP = {
    "complainant_name": "quien",
    "complainant_address": "quien",
    "complainant_email": "quien",
    "complainant_phone": "quien",
    "complainant_kind": "quien",
    "respondent_name": "querellado",
    "respondent_role": "querellado",
    "respondent_office": "querellado",
    "respondent_title": "querellado",
    "facts": "hechos",
    "knowledge_date": "hechos",
    "personal_knowledge": "hechos",
    "provisions": "hechos",
    "evidence": "evidencia",
    "witnesses": "evidencia",
    "perjury_acknowledged": "juramento",
    "signature": "juramento",
}


@dataclass(frozen=True)
class Problem:
    """A problem in the draft: the step and field to show it beside, the rule, the message."""

    step: str
    field: str
    rule_id: str
    message: str
    blocking: bool = True


def base_field(name: str) -> str:
    return name.split("[", 1)[0]


class Procedure:
    """The form of one body: its rulebook, roles, evidence kinds and checks."""

    kind = "complaint"

    def __init__(self, body: Body) -> None:
        self.body = body
        self._memo: dict[tuple[Any, ...], Any] = {}  # per request: the register look-up, the late check

    @property
    def rulebook(self) -> Any:
        return RULEBOOKS[self.body.rulebook]

    def rule(self, rule_id: str) -> Any:
        return self.rulebook.rules[rule_id]

    @property
    def spec(self) -> PublicFiling:
        """What the body's public form asks (its rulebook's ``public.filing``)."""
        return public_filing(self.body)

    @property
    def asks_candidate(self) -> bool:
        return bool(self.spec.candidate_rule)

    @property
    def asks_personal_knowledge(self) -> bool:
        return self.spec.asks_personal_knowledge

    @property
    def phone_required(self) -> bool:
        return self.spec.phone_required

    @property
    def asks_complainant_kind(self) -> bool:
        return self.spec.complainant_kinds is not None

    def respondent_roles(self) -> dict[str, str]:
        """Whom the complaint may be against (the rulebook's ``public.filing``), in the user's language."""
        return {r: _(label) for r, label in self.spec.respondent_roles.items()}

    def evidence_kinds(self) -> dict[str, str]:
        return {k: _(v) for k, v in self.spec.evidence_kinds.items()}

    def complainant_kinds(self) -> dict[str, str]:
        """Who may complain (the rulebook's ``public.filing``, per its resolved settings)."""
        kinds = self.spec.complainant_kinds
        if kinds is None:
            return {}
        return {k: str(CHOICES.get(k, k)) for k in kinds(self.rulebook.resolve_settings({}))}

    def register(self, day: dt.date) -> list[OfficeTerm]:
        """The offices in the register whose holders may be the respondent, on ``day`` (kept per process until
        the register changes: ``register_cache``)."""
        memo_key = ("register", day)
        if memo_key not in self._memo:
            roles = tuple(self.respondent_roles())
            self._memo[memo_key] = register_cache.cached(
                ("register", roles, day),
                lambda: list(offices_held_on(day, roles)),
            )
        return self._memo[memo_key]

    def respondent(self, data: dict[str, Any]) -> tuple[str, str, str, OfficeTerm | None]:
        """(name, role, office title, office in the register or None) from the draft."""
        office_id = str(data.get("respondent_office") or "")
        if office_id.isdigit():
            memo_key = ("office", office_id)
            if memo_key not in self._memo:
                # Today's register (kept per process) has it, if it is there; else the register of another
                # day read in this request; else the database (an office no longer current).
                self.register(clock.today())
                listed = [
                    o
                    for k, offices in self._memo.items()
                    if k[0] == "register"
                    for o in offices
                    if o.pk == int(office_id)
                ]
                self._memo[memo_key] = (
                    listed[0]
                    if listed
                    else OfficeTerm.objects.select_related("person")
                    .filter(pk=int(office_id), role__in=list(self.respondent_roles()))
                    .first()
                )
            office = self._memo[memo_key]
            if office is not None:
                title = office.title + (f" ({office.municipality})" if office.municipality else "")
                return str(office.person), office.role, title, office
        title = str(data.get("respondent_title") or "").strip()
        municipality = str(data.get("respondent_municipality") or "").strip()
        if municipality:
            title = f"{title} ({municipality})" if title else municipality
        return str(data.get("respondent_name") or "").strip(), str(data.get("respondent_role") or ""), title, None

    def knowledge_hint(self) -> str:
        """Beside the knowledge date, in plain words: the term to file and what missing it means ("": none)."""
        spec = self.spec
        if not (spec.knowledge_term_rule and spec.knowledge_term_hint):
            return ""
        rule = self.rule(spec.knowledge_term_rule)
        return _(spec.knowledge_term_hint) % {"n": rule.term.amount, "citation": rule.citation}

    def provision_groups(self, chosen: Any = ()) -> list[dict[str, Any]]:
        """The Code's provisions in the rulebook's plain-language groups, each provision with its plain title
        and its section (``chosen``: the values marked); empty when the rulebook groups none."""
        spec = self.spec
        chosen = {str(c) for c in chosen or ()}
        return [
            {
                "key": g.key,
                "label": _(g.label),
                "hint": _(g.hint),
                "citation": (
                    _("Sec. %(s)s del Código de Ética")
                    if len(g.provisions) == 1
                    else _("Secs. %(s)s del Código de Ética")
                )
                % {"s": ", ".join(g.provisions)},
                "open": any(p in chosen for p in g.provisions),
                "choices": [
                    {
                        "value": p,
                        "title": _(spec.provision_titles.get(p, spec.provisions.get(p, p))),
                        "section": _("Sec. %(s)s del Código de Ética") % {"s": p},
                        "checked": p in chosen,
                    }
                    for p in g.provisions
                ],
            }
            for g in spec.provision_groups
        ]

    def next_steps(self) -> list[str]:
        """The receipt's «Qué pasa ahora»: who reviews the complaint and the terms that follow, each cited."""
        out = []
        for step in self.spec.next_steps:
            rule = self.rule(step.rule_id)
            text = _(step.text) % {"n": rule.term.amount} if rule.term else _(step.text)
            out.append(f"{text.rstrip('.')} ({rule.citation}).")
        return out

    def check(self, draft: Any) -> list[Problem]:
        raise NotImplementedError

    def payload(self, draft: Any) -> dict[str, Any]:
        raise NotImplementedError

    def late_warning(self, data: dict[str, Any], now: dt.datetime) -> str:
        """A plain warning when the complaint would be filed after its term (the filing is accepted)."""
        return ""

    def calendar(self) -> tuple[tuple[dt.date, ...], tuple[tuple[str, dt.date], ...]]:
        """The body's closure days and the election days (kept per process: ``register_cache``)."""
        if ("calendar",) not in self._memo:
            body_id = self.body.pk
            self._memo[("calendar",)] = register_cache.cached(
                ("calendar", body_id),
                lambda: (
                    tuple(Closure.objects.filter(body_id=body_id).order_by("day").values_list("day", flat=True)),
                    tuple(ElectionDay.objects.order_by("day").values_list("kind", "day")),
                ),
            )
        return self._memo[("calendar",)]

    def facts(self, role: str, candidate: bool) -> CaseFacts:
        closures, elections = self.calendar()
        return CaseFacts(self.body.rulebook, self.kind, role, candidate, closures, elections)


NOT_A_REAL_DATE = gettext_lazy("La fecha en que conoció los hechos debe ser una fecha real.")


def _date(value: Any) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


class CheckedByRulebook(Procedure):
    """A form the rulebook checks whole (``PublicFiling.check_form``: the House, Secs. 20–21(a)), with
    the knowledge date its term runs from."""

    def form(self, draft: Any) -> dict[str, Any]:
        data = draft.data
        name, role, _title, _office = self.respondent(data)
        return {
            "complainant_name": data.get("complainant_name", ""),
            "complainant_address": data.get("complainant_address", ""),
            "complainant_email": data.get("complainant_email", ""),
            "complainant_phone": data.get("complainant_phone", ""),
            "respondent_name": name,
            "respondent_role": role,
            "facts": data.get("facts", ""),
            "personal_knowledge": bool(data.get("personal_knowledge")),
            "evidence": [{"kind": e.get("kind"), "description": e.get("description", "")} for e in draft.evidence],
            "witnesses": [{"name": w.get("name", ""), "address": w.get("address", "")} for w in draft.witnesses],
            "provisions": list(data.get("provisions") or []),
            "knowledge_date": data.get("knowledge_date", ""),
            "perjury_acknowledged": bool(data.get("perjury_acknowledged")),
            "signature": data.get("signature", ""),
        }

    def check(self, draft: Any) -> list[Problem]:
        data = draft.data
        problems = []
        check_form = self.spec.check_form
        assert check_form is not None
        for p in check_form(self.form(draft), settings=self.rulebook.resolve_settings({}), summary=False):
            field = base_field(p.field)
            if field == "respondent_name" and data.get("respondent_office"):
                field = "respondent_office"
            citation = self.rule(p.rule_id).citation
            problems.append(
                Problem(
                    FIELD_STEP.get(field, "juramento"), field, p.rule_id, f"{_(p.message)} ({citation})", p.blocking
                )
            )
        knowledge = _date(data.get("knowledge_date"))
        rule = self.rule(self.spec.knowledge_term_rule)
        if knowledge is None and data.get("knowledge_date"):
            problems.append(Problem("hechos", "knowledge_date", rule.id, str(NOT_A_REAL_DATE)))
        elif knowledge is None:
            problems.append(
                Problem(
                    "hechos",
                    "knowledge_date",
                    rule.id,
                    _("Indique la fecha en que conoció los hechos (%(c)s).") % {"c": rule.citation},
                )
            )
        elif knowledge > clock.today():
            problems.append(
                Problem(
                    "hechos",
                    "knowledge_date",
                    rule.id,
                    _("La fecha en que conoció los hechos no puede ser posterior a hoy."),
                )
            )
        return problems

    def payload(self, draft: Any) -> dict[str, Any]:
        return {"knowledge_date": str(draft.data.get("knowledge_date")), "channel": "online"}

    def late_warning(self, data: dict[str, Any], now: dt.datetime) -> str:
        """Sec. 20(6) (CAM-20-06): the rulebook's own finding on a complaint filed now."""
        knowledge = _date(data.get("knowledge_date"))
        if knowledge is None or knowledge > now.date():
            return ""
        _name, role, _t, _o = self.respondent(data)
        candidate = bool(data.get("respondent_candidate"))
        memo_key = ("late", knowledge, role, candidate, now.date())
        if memo_key not in self._memo:
            facts = self.facts(role or "representative", candidate)
            event = PlannedEvent(
                "complaint_filed", now, True, {"knowledge_date": knowledge.isoformat(), "channel": "online"}
            )
            self._memo[memo_key] = "complaint_time_barred" in compute_evaluation(facts, [event], now).finding_ids()
        if not self._memo[memo_key]:
            return ""
        rule = self.rule(self.spec.knowledge_term_rule)
        return _(self.spec.late_warning) % {"n": rule.term.amount, "rule": rule.id, "citation": rule.citation}


class SwornWriting(Procedure):
    """A sworn writing checked by the app (``PublicFiling.check_form`` None: the municipal Commission,
    ¶12), citing the rulebook's ``sworn_writing_rules``."""

    def check(self, draft: Any) -> list[Problem]:
        data = draft.data
        problems: list[Problem] = []
        cited = self.spec.sworn_writing_rules
        com02, ini01, ini02, ini03 = (self.rule(cited[r]) for r in ("complainant", "writing", "oath", "evidence"))

        def add(step: str, field: str, rule: Any, message: str, blocking: bool = True) -> None:
            problems.append(Problem(step, field, rule.id, f"{message} ({rule.citation})", blocking))

        def text(name: str) -> str:
            v = data.get(name)
            return v.strip() if isinstance(v, str) else ""

        # Interpretation: the law (¶12) asks for a sworn writing filed with the Secretariat and names
        # nothing else; the form asks who files and how to reach them so the Commission can notify.
        if not text("complainant_name"):
            add("quien", "complainant_name", ini01, _("Escriba su nombre completo."))
        if not text("complainant_address") and not text("complainant_email"):
            add("quien", "complainant_address", ini01, _("Indique su dirección postal o su correo electrónico."))
        if data.get("complainant_kind") not in self.complainant_kinds():
            add("quien", "complainant_kind", com02, _("Indique en qué calidad presenta la querella."))
        name, role, _t, _o = self.respondent(data)
        if not name:
            add("querellado", "respondent_office", ini01, _("Elija al alcalde del registro o escriba su nombre."))
        if not text("facts"):
            add("hechos", "facts", ini01, _("Describa los hechos de forma detallada y específica."))
        knowledge = _date(data.get("knowledge_date"))
        if knowledge is None and data.get("knowledge_date"):
            add("hechos", "knowledge_date", ini01, str(NOT_A_REAL_DATE))
        elif knowledge is not None and knowledge > clock.today():
            add(
                "hechos", "knowledge_date", ini01, _("La fecha en que conoció los hechos no puede ser posterior a hoy.")
            )
        for i, item in enumerate(draft.evidence):
            if item.get("kind") not in self.evidence_kinds():
                add("evidencia", f"evidence[{i}]", ini03, _("Elija el tipo de evidencia de la lista."))
            elif not str(item.get("description") or "").strip():
                add("evidencia", f"evidence[{i}]", ini03, _("Describa brevemente esta evidencia."))
        if not draft.evidence:
            add(
                "evidencia",
                "evidence",
                ini03,
                _(
                    "La querella debe acompañar la evidencia necesaria para aquilatar su substancialidad; puede "
                    "presentarla sin evidencia, pero se anotará que no la acompaña."
                ),
                blocking=False,
            )
        for i, w in enumerate(draft.witnesses):
            if not str(w.get("name") or "").strip() or not str(w.get("address") or "").strip():
                add("evidencia", f"witnesses[{i}]", ini01, _("Escriba el nombre y la dirección del testigo."))
        if data.get("perjury_acknowledged") is not True:
            add(
                "juramento",
                "perjury_acknowledged",
                ini02,
                _("Debe aceptar el apercibimiento de perjurio: la querella es un escrito debidamente jurado."),
            )
        signature = normalize_name(text("signature"))
        if not signature:
            add("juramento", "signature", ini02, _("Firme escribiendo su nombre completo."))
        elif text("complainant_name") and signature != normalize_name(text("complainant_name")):
            add("juramento", "signature", ini02, _("La firma debe ser su nombre completo, igual que arriba."))
        return problems

    def payload(self, draft: Any) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "complainant_kind": draft.data.get("complainant_kind"),
            "sworn": bool(draft.data.get("perjury_acknowledged")),
            "evidence_attached": bool(draft.evidence),
        }
        if _date(draft.data.get("knowledge_date")):
            payload["knowledge_date"] = str(draft.data["knowledge_date"])
        return payload


def public_filing(body: Body) -> PublicFiling:
    """What ``body``'s public form asks: its rulebook's ``public.filing`` (an empty one if it has none)."""
    return RULEBOOKS[body.rulebook].public.filing or PublicFiling("")


# -- validated once: results kept in the draft, keyed by what they depend on ------------------------


def fingerprint(*parts: Any) -> str:
    """A digest of ``parts`` and of what else a check depends on: the day, the language and the register's
    shared version stamp (a register change makes every draft be checked again)."""
    context = [clock.today().isoformat(), get_language() or "", register_cache.stamp()[1]]
    raw = json.dumps([context, *parts], sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def _content(draft: Any) -> tuple[Any, ...]:
    return (draft.data, draft.evidence, draft.witnesses)


def check_once(proc: Procedure, draft: Any) -> list[Problem]:
    """``proc.check(draft)``, computed once for the draft as it stands: a later call on the same content
    (the review page, then the submission) reads the result kept in the draft."""
    fp = fingerprint(proc.body.pk, _content(draft))
    kept = draft.state.get("checked")
    if isinstance(kept, dict) and kept.get("fp") == fp:
        return [Problem(**p) for p in kept["problems"]]
    problems = proc.check(draft)
    draft.state["checked"] = {"fp": fp, "problems": [asdict(p) for p in problems]}
    draft.save()
    return problems


def late_warning_once(proc: Procedure, draft: Any, now: dt.datetime) -> str:
    """``proc.late_warning`` (an evaluation of the would-be docket), computed once per content and day."""
    d = draft.data
    depends = [d.get(k) for k in ("knowledge_date", "respondent_office", "respondent_role", "respondent_candidate")]
    fp = fingerprint(proc.body.pk, depends)
    kept = draft.state.get("late")
    if isinstance(kept, dict) and kept.get("fp") == fp:
        return str(kept["warning"])
    warning = proc.late_warning(draft.data, now)
    draft.state["late"] = {"fp": fp, "warning": warning}
    draft.save()
    return warning


def procedure_for(body: Body) -> Procedure | None:
    """The public form of ``body``, as its rulebook's ``public.filing`` says (None: it takes no complaint online)."""
    rulebook = RULEBOOKS[body.rulebook]
    spec = rulebook.public.filing
    if spec is None or Procedure.kind not in rulebook.kinds:
        return None
    if spec.check_form is not None:
        return CheckedByRulebook(body)
    return SwornWriting(body) if spec.sworn_writing_rules else None
