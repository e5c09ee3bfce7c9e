"""Every text a rulebook's form hint can show reaches the catalogue (``rulebook_words``, which ``ventila
makemessages`` collects) and has its English (issue 13, item 2: the hints moved from the web forms into the
rulebooks, which import no Django; issue 28: no hand copy of them)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.test import Client
from factories import file_complaint, record, unanimous

from ventila.rules import RULEBOOKS, legal_calendar
from ventila.rules.engine import FormContext
from ventila.rules.rulebooks import rulebook_words

ROOT = Path(__file__).resolve().parents[2]


def _hint_texts() -> set[str]:
    texts: set[str] = set()
    day = dt.date(2027, 3, 1)
    for rb in RULEBOOKS.values():
        settings = rb.resolve_settings({})
        for kind in rb.kinds.values():
            roles = kind.respondent_roles or rb.register.roles or ("",)
            for spec in kind.events.values():
                for d in spec.details.values():
                    texts |= {d.label, d.help, d.required_message}
                if spec.hints is None:
                    continue
                for role in roles:
                    for docket in ((), (spec.type,)):
                        for filing in (False, True):
                            ctx = FormContext(
                                role,
                                day,
                                kind.id,
                                docket,
                                lambda s=settings: (legal_calendar(), s),
                                filing,
                            )
                            for h in spec.hints(ctx).values():
                                texts |= {h.label or "", h.help or "", h.required_message}
                                texts |= {
                                    v
                                    for v in h.params.values()
                                    # a date is written in the reader's language, not looked up
                                    if isinstance(v, str) and v and not v[0].isdigit() and not v[:3].isupper()
                                }
    return texts - {""}


def test_every_form_hint_text_is_marked_for_the_catalogue_and_translated() -> None:
    with (ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po").open("rb") as po:
        english = {m.id for m in read_po(po) if m.id and m.string and not m.fuzzy}
    texts = _hint_texts()
    assert "Relación de hechos y determinaciones" in texts  # the walk reaches the hints
    words = rulebook_words()
    assert texts <= words, sorted(texts - words)
    assert not [t for t in texts if t not in english]


@pytest.mark.django_db
def test_the_queue_offers_each_body_the_kinds_and_the_pages_its_rulebook_has(world) -> None:
    """What the queue's buttons offered by branching on the rulebook id, from the rulebook's kinds
    and ``Rulebook.pages.offered``: the Cámara's OEG referral; the municipal Commission's two other kinds,
    its seats (¶2) and its per-diem ledger (¶4)."""
    camara = Client()
    camara.force_login(world.users["secretaria"])
    page = camara.get("/expedientes/").content.decode()
    assert f"/expedientes/nuevo/{world.camara.slug}/referral/" in page
    assert "/suspension_proceeding/" not in page and "/dietas/" not in page and "/composicion/" not in page
    municipal = Client()
    municipal.force_login(world.users["secretaria_municipal"])
    page = municipal.get("/expedientes/").content.decode()
    for kind in ("complaint", "suspension_proceeding", "deadlock"):
        assert f"/expedientes/nuevo/querellas-municipales/{kind}/" in page
    assert "/referral/" not in page
    assert "/cuerpos/querellas-municipales/composicion/" in page and "/cuerpos/querellas-municipales/dietas/" in page
    # A page the body's rulebook does not offer is not there, even for the body's own staff.
    assert camara.get(f"/cuerpos/{world.camara.slug}/dietas/").status_code == 404
    assert camara.get(f"/cuerpos/{world.camara.slug}/composicion/").status_code == 404


@pytest.mark.django_db
def test_cam_21c_03_a_dismissal_without_grounds_is_refused_once_by_the_rulebook_on_its_field(client, world, now):
    """The act form no longer re-checks the grounds: the rulebook's finding (CAM-21C-03) refuses the
    act on the write path, beside the field, and nothing is written."""
    client.force_login(world.users["secretaria"])
    case = file_complaint(world)
    now.set("2027-03-15 12:00")
    record(world, case, "respondent_notified", "2027-03-03")
    record(world, case, "answer_filed", "2027-03-15")
    count = case.entries.count()
    votes = {f"vote_{pk}": v for pk, v in unanimous(world).items()}
    r = client.post(
        f"/expedientes/{case.number}/actos/determination_made/",
        {"occurred_date": "2027-03-15", "outcome": "dismissed", **votes},
    )
    body = r.content.decode()
    assert r.status_code == 200 and 'id="id_grounds_error"' in body
    assert "(CAM-21C-03, Sec. 21(c)(2))" in body
    assert "Una desestimación debe indicar al menos una de las causas" not in body
    assert case.entries.count() == count


def test_cam_20_07_the_staff_docketing_form_cites_the_house_code_only_for_the_house(world) -> None:
    """The generic staff form carries no body's citations: the House's Secs. 20–21(a) are its rulebook's
    form hints (issue 28), which the municipal Commission's form does not show."""
    from django.test import Client

    house, municipal = Client(), Client()
    house.force_login(world.users["secretaria"])
    municipal.force_login(world.users["secretaria_municipal"])
    page = house.get(f"/expedientes/nuevo/{world.camara.slug}/complaint/").content.decode()
    assert "Requerido (Sec. 20(7))." in page and "Sec. 21(a)(1)" in page and "Sec. 20(2)" in page
    page = municipal.get(f"/expedientes/nuevo/{world.municipal.slug}/complaint/").content.decode()
    assert "Requerido (Sec. 20(7))." not in page and "Sec. 21(a)" not in page and "Sec. 20(2)" not in page
