"""What the web, search, stats, browser and trust tests set up alike, written once: a House complaint filed
through the engine, a municipal complaint opened through the staff form, a witness summoned with an
attachment, a member recused, a case dismissed, the notice of complaint drafted. (The root ``factories``
holds the world itself; these build on it.)"""

from __future__ import annotations

from typing import Any

import factories
from documents.helpers import deliver
from factories import complaint_act, make_person, record, unanimous

# Who the access walks sign in as: the House and municipal bodies' staff and members, the House member who asks
# for opinions, an outsider, the administrator and nobody (issue 17 added the House member).
WALKED_ROLES = [
    "anonymous",
    "secretaria",
    "personal",
    "presidente",
    "comisionado",
    "inhibido",
    "miembro_querellado",
    "presidencia_camara",
    "admin",
    "secretaria_municipal",
    "comisionada_municipal",
    "ajeno",
    "sustituto",
    "miembro_camara",  # issue 17: a member of the House, their own advisory-opinion requests only (Sec. 19)
]

ANA = {"name": "Ana Ejemplo Ficticia", "email": "ana@example.org", "phone": "787-555-0100"}


def file_house_complaint(
    world: Any,
    act: Any = None,
    *,
    respondent: Any = None,
    complainant: dict[str, str] = ANA,
    respondent_role: str = "representative",
    respondent_office: str = "Representante del Distrito 40",
) -> Any:
    """A complaint before the House Commission filed by its secretary (``complaint_act()`` unless ``act``)
    against the world's representative unless ``respondent``: the case."""
    from ventila.cases.actions import do_file_case

    return do_file_case(
        user=world.users["secretaria"],
        body=world.camara,
        kind="complaint",
        respondent=respondent or world.respondent,
        respondent_role=respondent_role,
        respondent_office=respondent_office,
        complainant=complainant,
        act=act or complaint_act(),
    )


def complaint_of(
    world: Any, facts: str, *, respondent: Any = None, when: str = "2027-03-01 10:15", complainant: dict[str, str] = ANA
) -> Any:
    """A House complaint filed at ``when`` whose facts are ``facts`` (what the search tests look for)."""
    act = complaint_act(when)
    act.details["facts"] = facts
    return file_house_complaint(world, act, respondent=respondent, complainant=complainant)


MUNICIPAL_FORM = "/expedientes/nuevo/querellas-municipales/complaint/"
CITIZEN = {
    "occurred_date": "2027-03-01",
    "complainant_kind": "citizen",
    "sworn": "on",
    "complainant_name": "Ciudadana Ficticia",
    "complainant_email": "c@example.org",
    "complainant_phone": "787-555-0199",
    "facts": "Uso de fondos municipales.",
}
ASSEMBLY = {  # the municipal assembly complains, its evidence attached
    **CITIZEN,
    "complainant_kind": "municipal_assembly",
    "evidence_attached": "on",
    "complainant_name": "Asamblea Municipal de Ponce (ficticia)",
    "complainant_email": "asamblea@example.org",
    "facts": "Contratos sin subasta.",
}


def ponce_mayor() -> Any:
    return make_person("Eduardo", "Cordero Ficticio", role="mayor", title="Alcalde de Ponce", municipality="Ponce")


def file_mayor_complaint(
    world: Any, mayor: Any, *, when: str, complainant: str = "Ciudadana Ficticia", facts: str | None = None
) -> Any:
    """A citizen's sworn complaint against ``mayor`` (in the office of the title the person holds), filed at
    ``when`` by the municipal Commission's secretary through the engine: the case."""
    from ventila.cases.actions import ActInput, do_file_case

    return do_file_case(
        user=world.users["secretaria_municipal"],
        body=world.municipal,
        kind="complaint",
        respondent=mayor,
        respondent_role="mayor",
        respondent_office=mayor.offices.get().title,
        complainant={"name": complainant, "email": "c@example.org", "phone": "787-555-0199"},
        act=ActInput(
            "complaint_filed",
            factories.at(when),
            True,
            {"complainant_kind": "citizen", "sworn": True},
            {} if facts is None else {"facts": facts},
        ),
    )


def open_municipal_complaint(client: Any, world: Any, mayor: Any = None, **fields: str) -> Any:
    """Through the staff form, signed in as the municipal Commission's secretary: a complaint of 2027-03-01 by
    a citizen (``CITIZEN``, changed by ``fields``) against ``mayor`` (Ponce's, made here, unless given). The
    form redirects to the case it opened: that case."""
    mayor = mayor or ponce_mayor()
    client.force_login(world.users["secretaria_municipal"])
    r = client.post(MUNICIPAL_FORM, {"respondent_office": mayor.offices.get().pk, **CITIZEN, **fields})
    return opened(r)


def opened(response: Any) -> Any:
    """The case a form opened: it redirects to the case's page."""
    from ventila.cases.models import Case

    assert response.status_code == 302, response.content.decode()[:3000]
    return Case.objects.get(number=response["Location"].strip("/").split("/")[-1])


def clients_for(world: Any, roles: list[str], client_factory: Any = None) -> dict[str, Any]:
    """A test client per role of ``roles``, signed in as the world's user of that name ("anonymous": none)."""
    from django.test import Client

    clients = {}
    for role in roles:
        c = (client_factory or Client)()
        if role != "anonymous":
            c.force_login(world.users[role])
        clients[role] = c
    return clients


def signed_in(client: Any, world: Any, who: str = "secretaria") -> Any:
    client.force_login(world.users[who])
    return client


def summon_witness(
    world: Any,
    case: Any,
    now: Any,
    *,
    witness: str = "Testigo",
    file: tuple[str, bytes] = ("citacion.txt", b"Citacion de prueba"),
    note: str = "",
) -> Any:
    """A witness summoned in ``case`` on 2027-03-02 at 13:00 (the clock set then), the summons attached as a
    text file: the entry."""
    return factories.summon_witness(
        world, case, now.set("2027-03-02 13:00"), witness=witness, file=(*file, "text/plain"), note=note
    )


def recuse(world: Any, case: Any, member: Any, day: str = "2027-03-02") -> Any:
    """``member`` recused in ``case`` on ``day`` (Sec. 9): asked by the member, granted by the others' unanimous
    vote (Sec. 9 ¶4). The decision's entry."""
    return factories.recuse(world, case, member, day)


def ask_recusal(world: Any, case: Any, member: Any, reasons: str = "Fue asesor del querellado.") -> Any:
    """``member`` asks on 2027-03-01 at 10:30 to be recused in ``case`` (Sec. 9), for ``reasons``: the entry."""
    return record(
        world,
        case,
        "recusal_requested",
        "2027-03-01 10:30",
        member=str(member.pk),
        by="member",
        details={"recusal_reasons": reasons},
    )


def dismiss(world: Any, case: Any, day: str = "2027-03-15", grounds: str = "frivolous") -> Any:
    """The Commission's unanimous final determination dismissing ``case`` on ``day`` (Sec. 21(c)): the entry."""
    return record(
        world, case, "determination_made", day, ballots=unanimous(world), outcome="dismissed", grounds=[grounds]
    )


def serve(
    world: Any,
    doc: Any,
    method: str,
    received_on: Any,
    name: str = "Rafael Quiñones Ficticio",
    role: str = "respondent",
) -> Any:
    """``doc`` served by ``method`` (no e-mail), received on ``received_on`` as a signed receipt says."""
    return deliver(
        world, doc, method, role=role, name=name, email="", received_on=received_on, receipt_note="Acuse firmado."
    )


def draft_notice(world: Any, case: Any) -> Any:
    """The secretary's draft of the notice of complaint, on the case's first entry (in Spanish)."""
    from ventila.documents.actions import do_create_draft

    entry = case.entries.get(seq=1)
    return do_create_draft(
        user=world.users["secretaria"], case=case, entry=entry, template="notice_of_complaint", language="es"
    )
