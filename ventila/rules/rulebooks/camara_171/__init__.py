"""Rulebook ``camara-171``: R. de la C. 171 (2025), Código de Ética de la Cámara de Representantes.

One module per group of sections; each declares its rules (``RULES``) and, where the sections
describe a kind of case, its events and evaluator. Settings implement the catalogue's ambiguity
defaults, overridden by the decisions at the top of the catalogue.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from ...engine import (
    CasePage,
    Docket,
    DocumentRules,
    Election,
    KindSpec,
    LateAct,
    Public,
    PublicFiling,
    Register,
    Rulebook,
    Setting,
    flat_choice_labels,
)
from ...parts import Advisory, FinalReport, Outcome, Publication, PublishedAct, Recusal, Statistics, Voting
from ...vocabulary import Actor, ComplaintDeadline, ComplaintStage
from ..common import merge, with_record_only
from . import documents as document_texts
from . import (
    public_filing,
    s01_s09_commission,
    s10_s13_conduct,
    s14_s18_financial,
    s19_advisory,
    s20_s24_complaints,
    s25_s31_reports,
    samples,
)
from .forms import complaint_form_hints
from .s20_s24_complaints import COMPLAINT_EVENTS, evaluate_complaint

ROLES = ("representative", "officer", "department_head", "employee")

SETTINGS: dict[str, Setting] = {
    s.name: s
    for s in (
        Setting("roll_forward", True, (True, False), "Decisión 1 (anula A-8)",
                "Un término en días cuyo último día no es laborable vence el próximo día laborable."),
        Setting("bare_days_unit", "calendar_days", ("calendar_days", "business_days"), "A-12",
                "Cómo se cuentan los «días» sin calificar."),
        Setting("christmas_eve_is_holiday", True, (True, False), "Decisión 3 (anula A-12)",
                "El 24 de diciembre (medio día feriado) cuenta como feriado."),
        Setting("hour_terms", "clock", ("clock", "regla_68_1"), "Decisión 6 / A-27",
                "Términos en horas: horas corridas, o excluyendo fines de semana y feriados."),
        Setting("exam_term_start", "term_in_force", ("term_in_force", "literal"), "Decisión 4 (anula A-20)",
                "El examen corre desde la contestación o el fin del término en vigor (con prórroga), "
                "o, literal, desde el fin de los 15 días originales."),
        Setting("summary_24h_trigger", "notice", ("notice", "filing"), "Decisión 5 (anula A-26)",
                "Las 24 horas del procedimiento sumario corren desde la notificación o desde la presentación."),
        Setting("primary_elections_count", True, (True, False), "A-25",
                "Las primarias cuentan para la ventana de 120 días del procedimiento sumario."),
        Setting("denied_ext_base", "earlier", ("earlier", "original_due", "denial"), "A-23",
                "Base de los 5 días adicionales tras denegarse la prórroga para resolver."),
        Setting("evasion_initial_min_notice", 10, (10, 5), "A-21",
                "Antelación mínima (días laborables) de la vista inicial notificada en sesión por evasión."),
        Setting("majority_base", "seats", ("seats", "seated", "non_recused"), "A-6",
                "Base de la mayoría absoluta: los 7 escaños, los miembros en propiedad, o sin los inhibidos."),
        Setting("seats", s01_s09_commission.COMMISSION_SEATS, (), "CAM-04-01", "Escaños de la Comisión de Ética."),
        Setting("code_approval_date", "2025-02-25", (), "A-3",
                "Fecha de aprobación del Código (el texto no la da; se usa la de radicación)."),
        Setting("scope_end_date", "2028-12-31", (), "A-3 / Sec. 2", "Último día de hechos cubiertos."),
        Setting("referral_sec20_checks", False, (True, False), "A-14",
                "Aplicar a los referidos de la OEG los requisitos de la Sec. 20(2),(6),(7)."),
        Setting("filing_timestamp_rule", "timestamp", ("timestamp", "next_business_day"), "A-18",
                "Los 3 días para notificar corren desde el momento de recibo o desde el próximo día laborable."),
        Setting("require_personal_knowledge", True, (True, False), "A-17",
                "La declaración de conocimiento personal es requisito de la querella."),
        Setting("auto_unseal_on_final", True, (True, False), "A-5",
                "Levantar la confidencialidad automáticamente tras la resolución final."),
        Setting("advisory_late_request", "flag", ("flag", "reject"), "A-16",
                "Solicitud de opinión consultiva con menos de 30 días laborables: señalar o rechazar."),
        Setting("gift_pattern_threshold", 2, (), "A-9",
                "Alerta al segundo regalo excluido de una misma fuente en un año."),
        Setting("outside_income_period", "annual", ("annual",), "A-10",
                "Periodo del tope de 35 % de ingresos extra-legislativos."),
        Setting("auto_final_if_prelim", False, (True, False), "A-13",
                "El informe financiero advendrá final a los 90 días aunque haya informe preliminar."),
        Setting("post_blackout_procedure", "ordinary", ("ordinary", "summary"), "A-29",
                "Procedimiento tras el periodo previo a las elecciones."),
        Setting("not_proven_route", "final_dismissed", ("final_dismissed",), "A-30",
                "Cargos no probados: archivo final por votación de la Sec. 6."),
        Setting("house_seats", 51, (), "A-31", "Escaños de la Cámara (base de las Secs. 27 y 29)."),
        Setting("recusal_party_is_third", True, (True, False), "A-32",
                "La solicitud de inhibición de una parte se trata como la de un tercero (Sec. 9 ¶4–5)."),
        Setting("sec8_requester_if_chair", "vice_chair", ("vice_chair",), "A-7",
                "Quién pide el sustituto si el implicado es el Presidente de la Comisión."),
        Setting("objection_trigger", "receipt", ("receipt",), "A-10",
                "Los 5 días laborables para oponerse a una actividad extra-legislativa corren desde que la "
                "Comisión recibe la notificación; el silencio equivale a no oponerse."),
        Setting("sec17_objection_resolver", "oeg_director", ("oeg_director", "commission"), "A-15",
                "Quién resuelve la objeción del Representante al acceso a su informe financiero."),
        Setting("kinship_spouse_counts", True, (True, False), "kinship (Sec. 9(c), 10(t))",
                "El cónyuge (sin grado de parentesco) cuenta como pariente en las alertas de nepotismo e "
                "inhibición."),
        Setting("employee_respondents", "flag", ("flag",), "A-4",
                "Querellas contra empleados: se aceptan con alerta (solo Sec. 10(h))."),
        Setting("tenure_count", "inclusive", ("inclusive", "term_from_act"), "Decisión 9 (CAM-14F-01)",
                "El periodo ocupado (Sec. 14(f), «menor de sesenta (60) días naturales») cuenta cada día en el "
                "cargo, el primero y el último incluidos (del 2 de enero al 2 de marzo de 2027 = 60 días: debe "
                "los informes); o, como un término desde un acto, sin el día de la toma de posesión (59)."),
        Setting("blackout_includes_election_day", True, (True, False), "Decisión 10 (CAM-24F-01)",
                "La querella contra un candidato presentada el mismo día de las elecciones generales se difiere "
                "como la presentada en los 30 días naturales anteriores (Sec. 24(f)); o, literal, solo los 30 "
                "días antes."),
        Setting("member_own_vote", True, (True, False), "Decisión 11 (CAM-06-01)",
                "Cada miembro que se sienta en el caso puede anotar su propio voto antes de la votación "
                "(Sec. 6; reglas internas, Sec. 5(8)); la Secretaría lleva la votación y la anota por todos."),
    )
}  # fmt: skip

_COMPLAINT_EVENTS = complaint_form_hints(COMPLAINT_EVENTS)  # the same events, with their form hints

# Whose move each term of a complaint or a referral is (Secs. 9, 20–25).
_COMPLAINT_ACTORS: dict[str, Actor] = {
    "file_complaint": Actor.COMPLAINANT,  # CAM-20-06: 30 days from knowing the facts
    "notify_respondent": Actor.COMMISSION,  # CAM-21B-01, CAM-24B-01
    "answer": Actor.RESPONDENT,  # CAM-21B-02 (and CAM-21B-03's extension)
    "examine": Actor.COMMISSION,  # CAM-21C-01
    "notify_determination": Actor.COMMISSION,  # CAM-21C-04
    "resolve": Actor.COMMISSION,  # CAM-22-01, CAM-22-03
    "summary_total": Actor.COMMISSION,  # CAM-24-02
    "summary_dismissal_review": Actor.COMMISSION,  # CAM-24C-01
    "summary_hearing_citation": Actor.COMMISSION,  # CAM-24C-03
    "summary_adjudication": Actor.COMMISSION,  # CAM-24E-01
    "notify_summary_dismissal": Actor.COMMISSION,  # CAM-24E-02
    "request_substitute": Actor.COMMISSION,  # CAM-09-07: the Commission's President notifies the Speaker
    "notify_recusal_denial": Actor.COMMISSION,  # CAM-09-08
    "refer_final_report": Actor.COMMISSION,  # CAM-25-05
}  # the same events, with their form hints

# The procedures of a complaint or a referral: ordinary (Secs. 21–22), summary (Sec. 24), on hold until after the
# election (Sec. 24(f)).
COMPLAINT_PROCEDURES = ("ordinary", "summary", "deferred_until_after_election")

_COMPLAINT_KIND = KindSpec(
    "complaint",
    "Querella",
    _COMPLAINT_EVENTS,
    evaluate_complaint,
    filing_act="complaint_filed",
    stages=ComplaintStage,
    deadlines=ComplaintDeadline,
    deadline_ids=(
        "file_complaint",
        "notify_respondent",
        "answer",
        "examine",
        "notify_determination",
        "resolve",
        "summary_total",
        "summary_dismissal_review",
        "summary_hearing_citation",
        "summary_adjudication",
        "notify_summary_dismissal",
        "request_substitute",
        "notify_recusal_denial",
        "refer_final_report",
    ),
    actors=_COMPLAINT_ACTORS,
    respondent_roles=ROLES,
    caption="Querella contra %(name)s",
    # Secs. 5(5), 21(d): confidential «hasta la determinación o resolución final»; final for
    # publication once a final act is on record with its notice and the closing (FINAL_ACTS).
    final_stages=("closed",),
    final_acts=s20_s24_complaints.FINAL_ACTS,
    final_rule="CAM-21D-01",
    private_fields=s20_s24_complaints.PRIVATE_FIELDS,
    witness_acts=("witness_summoned",),  # Sec. 8: a member cited as a witness is replaced
    procedures=COMPLAINT_PROCEDURES,  # Secs. 21–22, 24, 24(f)
    # CAM-20-06: a complaint filed after the 30 days is to be dismissed for want of jurisdiction
    # (Sec. 21(c)(2)): the determination that dismisses it is the act to take.
    finding_acts={"complaint_time_barred": ("determination_made",)},
)
# An OEG referral: a complaint's procedure, without the term to file a complaint and the terms of the summary
# procedure (the deadline ids the referral kind always had).
_REFERRAL_KIND = replace(
    _COMPLAINT_KIND,
    id="referral",
    title="Referido de la OEG",
    filing_act="referral_received",
    deadline_ids=tuple(d for d in _COMPLAINT_KIND.deadline_ids if d != "file_complaint" and "summary" not in d),
    caption="Referido de la OEG contra %(name)s",
    finding_acts={},
)

KINDS: dict[str, KindSpec] = {
    "complaint": _COMPLAINT_KIND,
    "referral": _REFERRAL_KIND,
    **s19_advisory.KINDS,
    **s10_s13_conduct.KINDS,
    **s14_s18_financial.KINDS,
    "regulation": s25_s31_reports.REGULATION_KIND,
}

RULEBOOK = Rulebook(
    id="camara-171",
    title="Código de Ética de la Cámara de Representantes de Puerto Rico (R. de la C. 171)",
    body="Comisión de Ética de la Cámara de Representantes",
    rules=merge(
        s01_s09_commission.R,
        s10_s13_conduct.R,
        s14_s18_financial.R,
        s19_advisory.R,
        s20_s24_complaints.R,
        s25_s31_reports.R,
    ),
    kinds=with_record_only(KINDS),
    settings=SETTINGS,
    samples=samples.SAMPLES,
    # Findings raised by the pure check_* helpers (outside any evaluator), for the reference.
    findings={
        **s01_s09_commission.FINDINGS,
        **s10_s13_conduct.FINDINGS,
        **s14_s18_financial.FINDINGS,
        **s19_advisory.FINDINGS,
        # Raised by the engine on a stay that paused no term (never silent; Sec. 23 suspends the terms).
        "stay_held_no_term": "CAM-23-01",
        "act_overtaken": "CAM-05-01",  # raised by the engine on a request an act left without object
    },
    # Código Electoral 2020: general election the first Tuesday after the first Monday of November;
    # primaries the first Sunday of June (pr-calendar facts §5).
    elections=(
        Election("primary", dt.date(2024, 6, 2)),
        Election("general", dt.date(2024, 11, 5)),
        Election("primary", dt.date(2028, 6, 4)),
        Election("general", dt.date(2028, 11, 7)),
        Election("primary", dt.date(2032, 6, 6)),
        Election("general", dt.date(2032, 11, 2)),
        Election("primary", dt.date(2036, 6, 1)),  # terms computed past 2035 (the tables reach 2037)
        Election("general", dt.date(2036, 11, 4)),
    ),
    # How its acts are recorded (Secs. 8–9, 19, 21, 25–26).
    docket=Docket(
        # The acts the texts put to a vote: the Commission's determination after examining a complaint and its
        # resolution with the Final Report are decisions of the Commission (Sec. 6, Sec. 25), as is accepting a
        # recusal (Sec. 9 ¶3); it opposes an outside activity by the absolute majority of Sec. 6 (Sec. 11(C));
        # it issues an advisory opinion, extends its term and revises it by the same majority (Sec. 19(d), (f)).
        voting=Voting(
            acts={
                "determination_made": "CAM-06-01",
                "resolved": "CAM-25-01",
                "recusal_decided": "CAM-09-05",
                "objection_decided": "CAM-11C-02",
                "opinion_issued": "CAM-19D-02",
                "opinion_extension_granted": "CAM-19D-02",
                "opinion_revised": "CAM-19D-02",
            },
            recorded_outcome={"recusal_decided": "granted", "objection_decided": "objected"},
        ),
        recusal=Recusal(  # Secs. 8–9
            requested="recusal_requested",
            decided="recusal_decided",
            rule="CAM-09-05",  # Sec. 9 ¶3: the member asked; accepted by majority
            rule_by_party="CAM-09-06",  # Sec. 9 ¶4: a party asked; decreed without the member
            substitute_requested="substitute_requested",
            substitute_appointed="substitute_appointed",
            kinship_rule="CAM-09-03",  # Sec. 9(c)
        ),
        advisory=Advisory(  # Sec. 19
            requested="opinion_requested",
            issued="opinion_issued",
            rejected="opinion_rejected",
            revised="opinion_revised",
            # Sec. 19(f) «corregir, modificar, revertir o dejar sin efecto»: the first two leave it in force.
            revision_keeps_opinion={"correct": True, "modify": True, "reverse": False, "revoke": False},
        ),
        final_report=FinalReport(  # Secs. 25–26
            referred="report_referred",
            decided="sanction_decided",
            to=s25_s31_reports.report_route,  # Sec. 25
            route=s25_s31_reports.final_report_route,  # Sec. 25
            sanctions_for=s25_s31_reports.sanctions_for,  # Sec. 26
        ),
        # What an answer after its term means (shown before it is recorded): Sec. 21(c)(1) keeps the
        # examination running from the end of the answer term, and once an answer is on file the default of
        # Sec. 21(b)(4)(4) is no longer offered (the evaluator's ``allowed_next``).
        late_acts={
            ComplaintDeadline.ANSWER: LateAct(
                "CAM-21C-01",
                "Una contestación presentada después de vencer el término para contestar no reinicia el examen: "
                "los 30 días laborables para examinar la querella siguen contando desde que venció el término para "
                "contestar (Sec. 21(c)(1)), no desde la contestación. Anotada la contestación, ya no procede declarar "
                "la rebeldía (Sec. 21(b)(4)(4)).",
            ),
        },
        # Only complaints in the main series (CE-2027-0001), the one a public filer sees: the confidential
        # matters (Secs. 5(5), 16, 17, 19: referrals, opinions, outside activities, financial reports and the
        # requests to see them) and the Commission's regulations are numbered apart (docs/decisions.md,
        # «Case numbers: one series per group of kinds»).
        number_series={
            "referral": "R",
            "advisory_opinion": "OC",
            "outside_activity": "AE",
            "financial_report": "IF",
            "report_access_request": "IF",
            "regulation": "RG",
        },
        # Sec. 21(c) dismissal grounds and Sec. 26 sanctions, as the act forms offer them.
        # (Each field's own words are its ``labels``; a key two tables word differently, such as
        # ``no_jurisdiction`` — Sec. 21(c)(2) and Sec. 19(c) — is read only with its field.)
        choice_labels=flat_choice_labels(
            s20_s24_complaints.DETERMINATION_OUTCOMES_ES,  # Sec. 21(c)
            s20_s24_complaints.DISMISSAL_GROUNDS_ES,
            s25_s31_reports.SANCTION_ES,
            s10_s13_conduct.OUTSIDE_ACTIVITY_TYPES_ES,  # Sec. 11: what an outside-activity notice is of
            s19_advisory.ADVISORY_CHOICES_ES,  # Sec. 19: requesters, rejection grounds, revisions
        ),
    ),
    documents=DocumentRules(
        catalogue=document_texts.DOCUMENTS,
        letterhead="Cámara de Representantes",
        terms={
            "answer": "CAM-21B-02",
            "extension": "CAM-21B-03",
            "determination_notice": "CAM-21C-04",
            "secretary_notice": "CAM-14C-02",  # the notice to a late filer (Sec. 14(c))
            "objection": "CAM-11C-01",  # the term to object to an outside activity (Sec. 11(c))
        },
        contents={  # Sec. 21(b)(4), Sec. 21(c)(11)
            "notice_of_complaint": s20_s24_complaints.NOTICE_OF_COMPLAINT_CONTENTS,
            "hearing_summons": s20_s24_complaints.INITIAL_SUMMONS_CONTENTS,
        },
        checks={
            "notice_of_complaint": s20_s24_complaints.check_notice_of_complaint,
            "hearing_summons": s20_s24_complaints.check_initial_summons,
        },
        statements=document_texts.STATEMENTS,  # Sec. 21(b)(2)–(4)
        quotes=document_texts.QUOTES,
    ),
    case_page=CasePage(
        member_involvement=s01_s09_commission.member_involvement_warnings,  # Sec. 8 (CAM-08-01)
        candidate_mark=True,  # Sec. 24: the summary procedure
        confidentiality="Confidencial hasta la resolución final (Secs. 5(5) y 21(d) del Código de Ética).",  # CAM-05-02, CAM-21D-01
    ),
    register=Register(
        roles=ROLES,
        obligations=s14_s18_financial.OBLIGATIONS,  # Secs. 3 and 14: the register and its report duties
        income_cap=s10_s13_conduct.outside_income_cap,  # Sec. 11(A): 35 % of the legislative salary
        conduct=s10_s13_conduct.CONDUCT,  # Sec. 10: gifts, court summonses, the nepotism bar
    ),
    public=Public(
        # Secs. 20–21(a): the public form cites the Code's provisions (Sec. 21(a)(12)), the 30-day term of
        # Sec. 20(6) and the summary procedure against a candidate (Sec. 24).
        filing=PublicFiling(
            description="Querellas contra Representantes, funcionarios de la Cámara o jefes de dependencia "
            "(Código de Ética de la Cámara, Sec. 20).",
            oath="Esta querella se presenta por escrito y bajo juramento (Sec. 20(2) del Código de Ética de la Cámara "
            "de Representantes). Al firmarla, usted jura que lo que declara es cierto y que conoce los hechos de "
            "propio y personal conocimiento.",
            provisions=s20_s24_complaints.CODE_PROVISIONS,
            knowledge_term_rule="CAM-20-06",
            candidate_rule="CAM-24-01",
            # Sec. 20(1) (CAM-20-01): a complaint is against a Representative, an officer or a department head.
            respondent_roles={
                r: label
                for r, label in s20_s24_complaints.RESPONDENT_ROLES_ES.items()
                if r in ROLES and r != "employee"
            },
            evidence_kinds=public_filing.PUBLIC_EVIDENCE_KINDS,  # Sec. 21(a)(4)–(10), in plain words
            provision_groups=public_filing.PROVISION_GROUPS,  # Sec. 21(a)(12), grouped in plain words
            provision_titles=public_filing.PROVISION_TITLES,
            knowledge_term_hint=public_filing.KNOWLEDGE_TERM_HINT,  # Sec. 20(6)
            late_warning=public_filing.LATE_WARNING,  # Sec. 20(6)
            next_steps=public_filing.NEXT_STEPS,  # Sec. 21(b)–(c)
            asks_personal_knowledge=True,  # Sec. 21(a)(3)
            phone_required=True,  # Sec. 20(7)
            check_form=s20_s24_complaints.check_complaint_form,  # Secs. 20–21(a)
        ),
        # What the public record shows: the dismissal determination (not the probable-cause one), the
        # resolution, the Final Report once acted on (a sanction decided on it, Sec. 26), the sanctions, the closing.
        record=Publication(
            acts={
                "determination_made": PublishedAct(
                    "Determinación final de desestimación (Sec. 21(c))",
                    ("outcome", "grounds"),
                    only_if=("outcome", "dismissed"),
                ),
                "resolved": PublishedAct("Resolución de la Comisión (Sec. 22)", ("outcome",)),
                "report_referred": PublishedAct(
                    "Informe Final (Sec. 25)", ("to", "recommendation"), once_acted_on="sanction_decided"
                ),
                "sanction_decided": PublishedAct("Sanción (Sec. 26)", ("sanctions", "fine_amount")),
                "case_closed": PublishedAct("Caso cerrado"),
            }
        ),
        # A determination that dismisses the complaint (Sec. 21(c)(2), with its grounds) is its final resolution too.
        statistics=Statistics(
            received=("complaint_filed", "referral_received", "opinion_requested"),
            determined=("determination_made",),
            resolved=("resolved",),
            dismissal=Outcome("determination_made", "outcome", "dismissed"),
            grounds="grounds",
            sanction=("sanction_decided", "sanctions"),
            advisory=("advisory_opinion", "opinion_requested"),
        ),
    ),
)
