"""Demo advisory opinions (issue 17, Sec. 19), loaded by ``ventila demo``: a request under consideration,
one rejected de plano (its act served on the requester), one issued and in force, one issued and then
modified, one issued and then revoked (Sec. 19(f)); and one issued to the respondent of a demo complaint,
so the complaint's page shows the Sec. 19(e) good-faith defence. The people are the demo register's
(fictitious); dates run back from today in business days so every term is real. Idempotent (a request
with the same facts is not built again); every act goes through the ``do_*`` actions."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ventila import clock
from ventila.accounts.models import User
from ventila.bodies.models import Body, Person
from ventila.cases.models import Case
from ventila.rules import RULEBOOKS

from .demo_common import issue_and_serve
from .demo_matters import _act, _back, _open, _roll_call

TEXT = (
    "La actividad descrita no constituye un conflicto con el Código de Ética siempre que no se use el cargo "
    "ni recursos de la Cámara (opinión de demostración)."
)


def _serve(secretary: User, case: Case, event_type: str, person: Person) -> None:
    """The act's document (an opinion, a rejection or a revision), issued and served on the requester."""
    entry = case.entries.filter(event_type=event_type).order_by("-seq").first()
    issue_and_serve(secretary, case, entry, "advisory_opinion", "requester", person)


def load(stdout: Any, camara: Body, secretary: User) -> None:
    today = clock.today()
    acts = RULEBOOKS[camara.rulebook].docket.advisory  # the acts of an advisory opinion's case (Sec. 19)
    villafane = Person.objects.filter(hr_number="DEMO-104").first()
    quiles = Person.objects.filter(hr_number="DEMO-101").first()
    mojica = Person.objects.filter(hr_number="DEMO-102").first()
    # The respondent of the demo's first complaint (a Representative), for the Sec. 19(e) link.
    complaint = Case.objects.filter(body=camara, kind="complaint").order_by("pk").first()
    respondent = complaint.parties.filter(role="respondent", person__isnull=False).first() if complaint else None
    soto = respondent.person if respondent is not None else villafane
    if villafane is None or quiles is None or mojica is None or soto is None or not soto.offices.exists():
        return
    built = 0

    def request(person: Person, back: int, facts: str, ahead: int, **extra: Any) -> Case | None:
        filed = _back(camara, today, back)
        payload = {
            "facts": facts,
            "facts_date": (filed + dt.timedelta(days=ahead)).isoformat(),
            "requester_role": person.offices.order_by("-start").first().role,
            "detailed": True,
            **extra,
        }
        return _open(secretary, camara, "advisory_opinion", acts.requested, filed, payload, person)

    def vote(case: Case, act: str, back: int, payload: dict[str, Any]) -> None:
        """An act the Commission decides by roll call (five yes votes), ``back`` business days ago."""
        day = _back(camara, today, back)
        _act(secretary, case, act, day, payload, _roll_call(case, day, 5))

    # Under consideration: its 30-business-day term running (CAM-19D-01); the demo house member's own.
    member = Person.objects.filter(users__username="miembro-camara", offices__isnull=False).first() or villafane
    if request(member, 3, "Participar como orador invitado, sin paga, en un foro de una asociación de "
               "agricultores de su distrito (demostración).", 90):  # fmt: skip
        built += 1
    # Rejected de plano: it does not state the elements needed to answer it (Sec. 19(b), CAM-19B-01); the
    # rejection, with its ground, served on the requester.
    if case := request(mojica, 10, "Una actividad con una empresa, sin decir cuál ni qué haría (demostración).", 120,
                       detailed=False):  # fmt: skip
        _act(secretary, case, acts.rejected, _back(camara, today, 8), {"grounds": "incomplete"})
        _serve(secretary, case, acts.rejected, mojica)
        built += 1
    # Issued and in force, by roll call (CAM-19D-02), served: the respondent of a complaint (Sec. 19(e)).
    if case := request(soto, 40, "Recibir una placa conmemorativa de una organización cívica en una actividad "
                       "pública (demostración).", 120):  # fmt: skip
        vote(case, acts.issued, 20, {"opinion_text": TEXT})
        _serve(secretary, case, acts.issued, soto)
        built += 1
    # Issued, then modified on new evidence (Sec. 19(f)): both texts kept.
    if case := request(quiles, 45, "Dictar un curso de redacción legislativa en una universidad pública, fuera "
                       "de horas laborables (demostración).", 150):  # fmt: skip
        vote(case, acts.issued, 25, {"opinion_text": TEXT})
        vote(case, acts.revised, 5, {
            "revision": "modify", "reason": "new_evidence",
            "opinion_text": "El curso es compatible con el cargo si no se paga con fondos públicos (demostración).",
        })  # fmt: skip
        _serve(secretary, case, acts.revised, quiles)
        built += 1
    # Issued, then set aside to avoid a miscarriage of justice (Sec. 19(f)).
    if case := request(villafane, 50, "Ser socio inactivo de una cooperativa de vivienda que solicita un permiso "
                       "municipal (demostración).", 160):  # fmt: skip
        vote(case, acts.issued, 28, {"opinion_text": TEXT})
        vote(case, acts.revised, 4, {"revision": "revoke", "reason": "miscarriage_of_justice"})
        built += 1
    if built:
        stdout.write(f"Opiniones consultivas (Sec. 19): {built} expedientes de demostración.")
