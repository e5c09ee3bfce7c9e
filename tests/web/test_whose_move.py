"""Whose move, and what next (issue 15): the work queue's «Por hacer» / «En espera de otros», the
suggested next act on the queue and first on the case page, and the stage filter narrowed to the
chosen body and kind — on a docket built by hand, through HTTP, on both databases."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from factories import file_complaint, make_user, record

from ventila.accounts.models import RoleGrant
from ventila.cases.labels import STAGES
from ventila.cases.models import Case
from ventila.rules import RULEBOOKS

from .helpers import open_municipal_complaint

pytestmark = pytest.mark.django_db


@pytest.fixture
def docket(world: Any, now: Any) -> dict[str, Case]:
    """Three House complaints on 10 Mar 2027: the Commission's notice term run out (``notice``), the
    respondent's answer term still running (``running``) and the respondent's answer term run out
    (``late``: notified 2 Feb, 15 business days ended 24 Feb)."""
    return complaints_by_turn(world, now)


def complaints_by_turn(world: Any, now: Any, *, notice: bool = True) -> dict[str, Case]:
    """The ``docket`` fixture's complaints (without ``notice`` when told), the clock left on 10 Mar 2027."""
    now.set("2027-02-01 11:00")
    late = file_complaint(world, when="2027-02-01 10:00", knowledge="2027-01-25")
    now.set("2027-02-02 12:00")
    record(world, late, "respondent_notified", "2027-02-02")
    now.set("2027-03-01 11:00")
    cases = {"notice": file_complaint(world, when="2027-03-01 10:15")} if notice else {}
    running = file_complaint(world, when="2027-03-01 10:20")
    now.set("2027-03-03 12:00")
    record(world, running, "respondent_notified", "2027-03-03")
    now.set("2027-03-10 12:00")
    return {**cases, "running": running, "late": Case.objects.get(pk=late.pk)}


def _case_page(client: Any, world: Any, case: Case) -> tuple[str, str]:
    """The case's page as the secretary sees it, and its section of acts."""
    client.force_login(world.users["secretaria"])
    body = client.get(f"/expedientes/{case.number}/").content.decode()
    return body, body.split('id="actos"', 1)[1].split("</section>", 1)[0]


def rows(body: str) -> dict[str, str]:
    """The queue's rows by case number."""
    tbody = body.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    out = {}
    for tr in re.findall(r"<tr[^>]*>.*?</tr>", tbody, re.S):
        number = re.search(r'<th scope="row"><a [^>]*>([^<]+)</a>', tr)
        assert number is not None
        out[number.group(1)] = tr
    return out


def tab_counts(body: str) -> dict[str, str]:
    return dict(re.findall(r'data-turn="(\w+)">[^<]*<span class="tab-count">([^<]+)</span>', body))


def test_the_queue_splits_mine_to_do_from_waiting_on_others(client, world, docket):
    notice, running, late = docket["notice"], docket["running"], docket["late"]
    client.force_login(world.users["secretaria"])
    body = client.get("/expedientes/").content.decode()
    assert tab_counts(body) == {"all": "3", "mine": "2", "waiting": "1"}
    everything = rows(body)
    assert set(everything) == {notice.number, running.number, late.number}
    # Each row says whose move: the Commission's own term, a party's that ran out, a party's running.
    assert "<strong>La Comisión</strong>" in everything[notice.number]
    assert f'href="/expedientes/{notice.number}/actos/respondent_notified/"' in everything[notice.number]
    assert "La parte querellada no actuó a tiempo" in everything[late.number]
    assert f'href="/expedientes/{late.number}/actos/default_declared/"' in everything[late.number]
    assert "Siguiente acto:" in everything[late.number] and "Rebeldía declarada" in everything[late.number]
    assert (
        '<span class="line">La parte querellada</span><span class="line"><span class="muted">En espera</span>'
        in everything[running.number]
    )
    assert "/actos/" not in everything[running.number]

    mine = client.get("/expedientes/?turn=mine").content.decode()
    assert set(rows(mine)) == {notice.number, late.number}
    assert 'aria-current="page" data-turn="mine"' in mine
    assert tab_counts(mine) == {"all": "3", "mine": "2", "waiting": "1"}  # counted under the other filters
    waiting = client.get("/expedientes/?turn=waiting").content.decode()
    assert set(rows(waiting)) == {running.number}
    # The tabs keep the other filters, and the filters keep the tab.
    filtered = client.get("/expedientes/?turn=waiting&due=overdue").content.decode()
    assert "No hay expedientes que mostrar" in filtered
    assert '<input type="hidden" name="turn" value="waiting">' in filtered
    assert 'href="?due=overdue&amp;turn=mine"' in html.unescape(filtered).replace("&", "&amp;")
    assert tab_counts(filtered) == {"all": "2", "mine": "2", "waiting": "0"}


def test_a_member_sees_whose_move_but_no_act_to_record(client, world, docket):
    client.force_login(world.users["presidente"])  # members read; the secretary records
    body = client.get("/expedientes/").content.decode()
    late = rows(body)[docket["late"].number]
    assert "La parte querellada no actuó a tiempo" in late and "/actos/" not in late
    # «Por hacer» holds the acts the user may record now (issue 29): none for a member.
    assert tab_counts(body) == {"all": "3", "mine": "0", "waiting": "1"}
    assert "No hay expedientes que mostrar" in client.get("/expedientes/?turn=mine").content.decode()


def test_a_parties_expired_term_puts_the_default_first_on_the_case_page(client, world, docket):
    late = docket["late"]
    body, acts = _case_page(client, world, late)
    links = re.findall(r'href="/expedientes/[^/]+/actos/(\w+)/"', acts)
    assert links[:2] == ["default_declared", "determination_made"]  # the suggestion and its alternative
    assert "answer_filed" in links[2:]
    assert f'<a class="button" href="/expedientes/{late.number}/actos/default_declared/">Rebeldía declarada</a>' in acts
    assert "La parte querellada no actuó dentro del término «Contestar la querella»" in acts
    assert "CAM-21B-02" in acts and "Siguiente acto sugerido" in acts and "Otros actos permitidos" in acts
    # Every other act says when it applies (from the rulebook's event specs).
    assert "Cuando la parte querellada presenta su contestación por escrito." in acts
    terms = body.split('id="terminos"', 1)[1].split("</section>", 1)[0]
    answer = terms.split('id="termino-answer"', 1)[1].split("</tr>", 1)[0]
    assert "<strong>La Comisión</strong>" in answer and "La parte querellada no actuó a tiempo" in answer


def test_the_commissions_own_term_suggests_the_act_that_meets_it(client, world, docket):
    notice = docket["notice"]
    body, acts = _case_page(client, world, notice)
    first = re.search(r'<a class="button" href="/expedientes/[^/]+/actos/(\w+)/">', acts)
    assert first is not None and first.group(1) == "respondent_notified"
    assert "«Notificar la querella a la parte querellada»" in acts and "CAM-21B-01" in acts


def test_while_a_party_has_time_the_case_page_says_whom_it_waits_on(client, world, docket):
    running = docket["running"]
    body, acts = _case_page(client, world, running)
    assert "Siguiente acto sugerido" not in acts and 'class="button"' not in acts
    assert "Se espera a la parte querellada: «Contestar la querella» vence el" in acts
    terms = body.split('id="terminos"', 1)[1].split("</section>", 1)[0]
    assert 'La parte querellada<br><span class="muted">En espera</span>' in terms


def test_a_mayors_expired_answer_term_offers_the_study_s_two_outcomes(client, world, now):
    case = open_municipal_complaint(client, world)
    now.set("2027-03-03 12:00")
    r = client.post(f"/expedientes/{case.number}/actos/respondent_notified/", {"occurred_date": "2027-03-03"})
    assert r.status_code == 302, r.content.decode()[:2000]
    assert client.get("/expedientes/?turn=waiting").content.decode().count(case.number) >= 1
    now.set("2027-04-01 12:00")  # 15 days from 3 Mar ended 18 Mar: no answer
    body = client.get("/expedientes/?turn=mine").content.decode()
    row = rows(body)[case.number]
    assert "La Comisión" in row
    links = re.findall(r'/actos/(\w+)/"', row)
    assert set(links) >= {"dismissed", "hearing_noticed"}
    assert case.number not in client.get("/expedientes/?turn=waiting").content.decode()


def _options(body: str, select_id: str) -> list[tuple[str, str]]:
    block = body.split(f'id="{select_id}"', 1)[1].split("</select>", 1)[0]
    return [
        (v, html.unescape(label)) for v, label in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', block)
    ]


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ("querellas-municipales", "suspension_proceeding"),
        ("querellas-municipales", "complaint"),
        ("etica-camara", "advisory_opinion"),
        ("etica-camara", "complaint"),
    ],
)
def test_the_stage_filter_lists_only_the_chosen_body_and_kinds_stages(client, world, body, kind):
    user = make_user(
        "doble", grants=((world.camara, RoleGrant.Role.STAFF), (world.municipal, RoleGrant.Role.SECRETARY))
    )
    client.force_login(user)
    everything = [v for v, _l in _options(client.get("/expedientes/").content.decode(), "f-stage") if v]
    page = client.get(f"/expedientes/?body={body}&kind={kind}").content.decode()
    offered = [v for v, _l in _options(page, "f-stage") if v]
    rulebook = "municipal" if body == "querellas-municipales" else "camara-171"
    expected = [str(s) for s in RULEBOOKS[rulebook].kinds[kind].stages]
    assert offered == expected  # in the order of the procedure
    assert len(offered) < len(everything)
    assert dict(_options(page, "f-stage"))[expected[1]] == str(STAGES[expected[1]])
    # Only the body: the stages of all its kinds, each once.
    by_body = [v for v, _l in _options(client.get(f"/expedientes/?body={body}").content.decode(), "f-stage") if v]
    assert set(expected) <= set(by_body) and len(by_body) == len(set(by_body))


def test_no_filter_label_nests_parentheses(client, world):
    user = make_user(
        "doble", grants=((world.camara, RoleGrant.Role.STAFF), (world.municipal, RoleGrant.Role.SECRETARY))
    )
    client.force_login(user)
    page = client.get("/expedientes/").content.decode()
    head = page.split('<form method="get" class="filters"', 1)[0]
    labels = [
        label for sid in ("f-body", "f-kind", "f-stage", "f-due", "f-status") for _v, label in _options(page, sid)
    ]
    labels += [html.unescape(t) for t in re.findall(r'class="button[^"]*"[^>]*>([^<]+)</a>', head)]
    assert len(labels) > 20
    for label in labels:
        assert not re.search(r"\([^()]*\(", label), label
