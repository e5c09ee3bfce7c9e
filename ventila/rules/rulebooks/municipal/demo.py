"""The Commission for municipal complaints in ``ventila demo`` (:mod:`ventila.rules.demo`): its
fictitious members, four complaints against fictitious mayors of real municipalities at different stages,
the documents their acts call for, and the act sequences of the other demo loaders. Every person and text
here is fictitious."""

from __future__ import annotations

import datetime as dt

from ...demo import Alternate, Demo, DemoBody, Issue, Opening, Plan, Serve, Step
from . import samples

_FLOW = samples.COMPLAINT  # a complaint to its decision and notice, as ``ventila generate`` draws it

PLANS = (
    Plan(0, _FLOW[:1], 2, facts="Uso de fondos municipales en actividades partidistas."),
    Plan(1, _FLOW[:2], 3, facts="Contratos otorgados sin subasta.", documents=True),
    Plan(2, _FLOW[:3], 1, facts="Negativa a entregar informes a la Asamblea Municipal.", documents=True),
    Plan(
        3,
        _FLOW,
        2,
        facts="Nombramiento de un familiar en el municipio.",
        documents=True,
    ),
)

_EMAIL = "email_attachment"

DEMO = Demo(
    body=DemoBody(
        slug="querellas-municipales",
        name="Comisión para Ventilar Querellas Municipales",
        short_name="Querellas Municipales",
        case_prefix="CVQM",
        seats=3,
        secretary="secretaria-municipal",
        members=(
            ("Ana Celia", "Mercado Rodríguez", "president", None, ""),
            ("Roberto", "Quintana Padilla", "associate", None, ""),
            ("Elsa Iris", "Montalvo Ríos", "associate", None, ""),
        ),
        seated=dt.date(2025, 3, 1),
    ),
    plans=PLANS,
    openings={
        "complaint": Opening(
            {
                "complainant_kind": Alternate(("municipal_assembly", "citizen")),
                "sworn": True,
                "evidence_attached": True,
            }
        ),
    },
    receipts={
        "respondent_notified": Issue(
            "mun_notice",
            (Serve("respondent", _EMAIL), Serve("respondent", "hand", "Acuse de recibo firmado en su oficina.")),
        ),
        "decision_notified": Issue(
            "mun_decision",
            (
                Serve("respondent", "hand", "Entregada en su oficina."),
                Serve("complainant", "mail", "Acuse de recibo del correo certificado."),
            ),
            source="decision_issued",
        ),
    },
    issues={
        "hearing_noticed": Issue("mun_hearing_notice", (Serve("respondent", _EMAIL), Serve("complainant", _EMAIL))),
    },
    flows={
        # A complaint from its notice to the end of its hearing, ``after`` calendar days after the filing
        # (the hearing's day is the loader's): the decision term then runs (¶17).
        "to_hearing": (
            Step("respondent_notified", 2, {"certified_copy": True, "rights_stated": True}),
            Step("answer_filed", 10, {"appearance": "counsel"}),
            Step("hearing_noticed", 12, {"public": True, "recipients": ["respondent", "complainant"]}),
            Step("hearing_concluded", 0, {"before": "full"}),
        ),
    },
    edits={
        "mun_decision": {
            "findings_of_fact": "Se probó el nombramiento de un familiar del Alcalde en el municipio.",
            "conclusions_of_law": "Procede la amonestación (¶30).",
        },
    },
)
