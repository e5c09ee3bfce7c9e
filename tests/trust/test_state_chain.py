"""Everything a case is made of is in the audit chain (issue 11, item 12): its parties and their
contact data, the case row's state, the public filing record (key hash, receipt), the evidence added
with the follow-up key, and the configuration that moves terms or decides who reads a case (bodies,
closure days, election days, seats, role grants). Each change through the app is a chained version
(who, why); ``ventila audit verify`` catches a change made behind the app — one test per kind, raw
SQL as an attacker with database access would write it."""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib
import io
import json
from pathlib import Path

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.test import Client
from django_otp.plugins.otp_totp.models import TOTPDevice
from factories import file_complaint, make_person, record, unanimous
from filing.helpers import PNG, camara_steps, upload, walk

from ventila.accounts import twofactor
from ventila.accounts.models import RoleGrant
from ventila.audit import chain, state
from ventila.audit.models import ChainLink, StateRecord
from ventila.bodies.models import Body, Closure, ElectionDay
from ventila.cases.actions import (
    ActRefused,
    do_add_closure,
    do_add_membership,
    do_end_membership,
    do_refresh_case,
    do_remove_closure,
)
from ventila.cases.models import Case, CaseExclusion, CaseSubstitute, Party
from ventila.filing.models import Filing, Supplement

pytestmark = pytest.mark.django_db


def raw(sql: str, params: list | None = None) -> None:
    """SQL behind the app's back (none of these tables has an append-only trigger to switch off)."""
    with connection.cursor() as cur:
        cur.execute(sql, params or [])


def jsonb() -> str:
    return "%s::jsonb" if connection.vendor == "postgresql" else "%s"


def latest(obj) -> StateRecord:
    return StateRecord.objects.filter(kind=obj._meta.label, object_id=str(obj.pk)).order_by("-version").first()


def link_seq(obj) -> int:
    return ChainLink.objects.get(kind="state", object_id=str(latest(obj).pk)).seq


@pytest.fixture
def filed(world, now, settings, tmp_path):
    """A complaint filed through the public form (with its filing record), follow-up evidence, a staff
    case with counsel, a closure day and an election day declared on the calendar."""
    settings.MEDIA_ROOT = tmp_path / "media"
    filer = Client()
    receipt = filer.get(walk(filer, "etica-camara", camara_steps(world))["Location"]).content.decode()
    key = receipt[receipt.index('id="clave">') + len('id="clave">') :].split("<", 1)[0].strip()
    filing = Filing.objects.get()
    follow_up = filer.post("/querellas/seguimiento/", {"key": key})["Location"]
    assert (
        filer.post(
            follow_up, {"kind": "official_documents", "description": "Certificación", "file": upload("c.png", PNG)}
        ).status_code
        == 302
    )
    supplement = Supplement.objects.get()
    case = file_complaint(world)
    closure = do_add_closure(
        user=world.users["secretaria"],
        body=world.camara,
        day=dt.date(2027, 3, 4),
        reason="Orden Ejecutiva OE-2027-041 (huracán)",
    )
    c = Client()
    c.force_login(world.users["secretaria"])
    assert (
        c.post(
            "/cuerpos/etica-camara/calendario/",
            {"form": "election", "kind": "primary", "day": "2027-06-06", "reason": "Código Electoral"},
        ).status_code
        == 302
    )
    result = chain.verify()
    assert result.ok, [str(p) for p in result.problems]
    return {
        "filing": filing,
        "supplement": supplement,
        "case": case,
        "closure": closure,
        "world": world,
        "now": now,
        "election": ElectionDay.objects.get(day=dt.date(2027, 6, 6)),
    }


def test_every_row_a_case_is_made_of_has_a_chained_version_naming_who_and_why(filed):
    world, case = filed["world"], filed["case"]
    for obj in [
        case,
        *case.parties.all(),
        filed["filing"],
        filed["supplement"],
        filed["closure"],
        filed["election"],
        world.camara,
        *world.camara.memberships.all(),
        *RoleGrant.objects.all(),
    ]:
        record_ = latest(obj)
        assert record_ is not None and not record_.removed, obj
        assert ChainLink.objects.filter(kind="state", object_id=str(record_.pk)).exists(), obj
    # The new case's version is written from the numbered row, never the provisional number.
    assert latest(case).content["number"] == case.number and not case.number.startswith("~")
    assert not StateRecord.objects.filter(kind="cases.Case", content__number__startswith="~").exists()
    closure = latest(filed["closure"])
    assert (closure.actor, closure.username, closure.reason) == (
        world.users["secretaria"],
        "secretaria",
        "Orden Ejecutiva OE-2027-041 (huracán)",
    )
    election = latest(filed["election"])
    assert (election.username, election.reason) == ("secretaria", "Código Electoral")


def test_the_case_state_is_versioned_when_the_docket_moves_it_not_when_a_day_passes(filed, now):
    world, case = filed["world"], filed["case"]
    before = latest(case).version
    now.set("2027-03-02 12:00")
    record(world, case, "respondent_notified", "2027-03-02")
    after = latest(case)
    assert after.version == before + 1 and after.content["stage"] == Case.objects.get(pk=case.pk).stage
    now.set("2027-03-03 09:00")  # the daily re-derivation rewrites the caches (next due, evaluated on) only
    do_refresh_case(case)
    assert latest(case).version == after.version
    assert chain.verify().ok


def test_a_case_version_from_before_the_column_was_renamed_still_verifies(filed):
    """Cases migration 0011 renamed the case column ``report_referred`` (one rulebook's event name) to
    ``final_report_sent`` (issue 28). A version written before keeps the old name: its link still
    verifies, and the migration's step gives the row a new version under the new name."""
    case = filed["case"]
    current = latest(case)
    old_content = {("report_referred" if k == "final_report_sent" else k): v for k, v in current.content.items()}
    with transaction.atomic():
        chain.lock_head()
        old = StateRecord.objects.create(
            kind="cases.Case",
            object_id=str(case.pk),
            version=current.version + 1,
            content=old_content,
            removed=False,
            username=state.MIGRATION,
            at=current.at,
        )
        chain.append(state.KIND, old)
    assert "final_report_sent" not in latest(case).content
    assert not chain.verify().ok  # the row no longer equals its latest version (the name differs)
    importlib.import_module("ventila.cases.migrations.0011_case_final_report_sent").new_versions(django_apps, None)
    renewed = latest(case)
    assert renewed.version == old.version + 1 and renewed.content == current.content
    assert StateRecord.objects.get(pk=old.pk).content == old_content  # the old version is kept as written
    result = chain.verify()
    assert result.ok, [str(p) for p in result.problems]


def test_removing_a_closure_records_who_and_why_and_moves_the_terms_back(filed):
    world, closure = filed["world"], filed["closure"]
    c = Client()
    c.force_login(world.users["personal"])
    url = f"/cuerpos/etica-camara/calendario/cierres/{closure.pk}/eliminar/"
    r = c.post(url, {"reason": "  "}, follow=True)  # no reason: refused, said, nothing removed
    assert r.status_code == 400 and "No se eliminó el cierre" in r.content.decode()
    assert "Este campo es obligatorio" in r.content.decode()
    assert Closure.objects.filter(pk=closure.pk).exists()
    with pytest.raises(ActRefused) as refused:
        do_remove_closure(closure=closure, user=world.users["personal"], reason="")
    assert "reason" in refused.value.field_errors
    assert c.post(url, {"reason": "Declarado por error: las oficinas abrieron"}).status_code == 302
    assert not Closure.objects.filter(pk=closure.pk).exists()
    removal = StateRecord.objects.filter(kind="bodies.Closure", object_id=str(closure.pk)).order_by("-version").first()
    assert removal.removed and removal.version == 2
    assert (removal.actor, removal.reason) == (world.users["personal"], "Declarado por error: las oficinas abrieron")
    assert removal.content["day"] == "2027-03-04"  # what was removed
    assert chain.verify().ok


def test_seats_change_through_an_action_with_who_and_why_and_every_open_term_is_refreshed(filed, now):
    world, case = filed["world"], filed["case"]
    newcomer = make_person("Nueva", "Miembro Ficticia", role=None)
    with pytest.raises(ActRefused):
        do_add_membership(
            body=world.camara,
            person=newcomer,
            position="member",
            start=dt.date(2027, 3, 1),
            operator="admin",
            reason="",
        )
    m = do_add_membership(
        body=world.camara,
        person=newcomer,
        position="member",
        start=dt.date(2027, 3, 1),
        operator="admin (aprobado por admin2)",
        reason="Resolución R. de la C. 200",
    )
    assert (latest(m).username, latest(m).reason) == ("admin (aprobado por admin2)", "Resolución R. de la C. 200")
    derived_with = Case.objects.get(pk=case.pk).config_version
    assert derived_with == Body.objects.get(pk=world.camara.pk).config_version  # re-derived after the change
    now.set("2027-03-05 09:00")
    do_end_membership(membership=m, end=dt.date(2027, 3, 31), operator="admin", reason="Renuncia")
    assert latest(m).version == 2 and latest(m).content["end"] == "2027-03-31"
    # The seat's change made the body's configuration newer, and its open case was re-derived with it.
    refreshed = Case.objects.select_related("body").get(pk=case.pk)
    assert refreshed.config_version > derived_with
    assert refreshed.config_version == refreshed.body.config_version
    assert chain.verify().ok


def test_access_rows_are_versioned_and_a_device_by_the_digest_of_its_key_never_the_key(filed):
    world = filed["world"]
    secretaria = world.users["secretaria"]
    device = TOTPDevice.objects.get(user=secretaria)
    for obj in [secretaria, world.users["admin"], device]:
        assert (
            latest(obj) is not None and ChainLink.objects.filter(kind="state", object_id=str(latest(obj).pk)).exists()
        )
    assert latest(secretaria).content["is_superuser"] is False and "password" not in latest(secretaria).content
    content = latest(device).content
    assert content["key_sha256"] == hashlib.sha256(device.key.encode()).hexdigest()
    assert device.key not in json.dumps(content) and "key" not in content
    # Signing in moves the device's counters, not its version.
    before = latest(device).version
    device.verify_token(twofactor.current_code(device))
    assert latest(device).version == before and chain.verify().ok
    codes = twofactor.new_recovery_codes(secretaria)  # bulk-created: versioned all the same
    assert StateRecord.objects.filter(kind="accounts.RecoveryCode").count() == len(codes)
    assert chain.verify().ok


# -- a change behind the app, per kind --------------------------------------------------------------


def _party_contact(d):
    party = d["case"].parties.get(role=Party.Role.COMPLAINANT)
    raw("UPDATE cases_party SET email = %s, phone = %s WHERE id = %s", ["otra@example.org", "787-555-9999", party.pk])
    return link_seq(party)


def _party_inserted(d):
    raw(
        "INSERT INTO cases_party (case_id, role, name, office, postal_address, email, phone) "
        "VALUES (%s, 'counsel', 'Abogado Intruso', '', '', 'intruso@example.org', '')",
        [d["case"].pk],
    )
    return None


def _party_deleted(d):
    party = Party.objects.create(case=d["case"], role=Party.Role.COUNSEL, name="Lcda. Ficticia")
    seq = link_seq(party)
    raw("DELETE FROM cases_party WHERE id = %s", [party.pk])
    return seq


def _case_status(d):
    raw("UPDATE cases_case SET status = 'closed', stage = 'closed' WHERE id = %s", [d["case"].pk])
    return link_seq(d["case"])


def _case_candidate(d):
    raw("UPDATE cases_case SET respondent_candidate = %s WHERE id = %s", [True, d["case"].pk])
    return link_seq(d["case"])


def _filing_key_hash(d):
    raw("UPDATE filing_filing SET key_hash = %s WHERE id = %s", ["a" * 64, d["filing"].pk])
    return link_seq(d["filing"])


def _filing_receipt(d):
    f = d["filing"]
    raw(f"UPDATE filing_filing SET receipt = {jsonb()} WHERE id = %s", [json.dumps({**f.receipt, "files": []}), f.pk])
    return link_seq(f)


def _supplement(d):
    s = d["supplement"]
    raw("UPDATE filing_supplement SET description = %s WHERE id = %s", ["Otra cosa", s.pk])
    return link_seq(s)


def _supplement_file(d):
    Path(d["supplement"].file.path).write_bytes(PNG + b"alterada")
    return None  # a file check, not a link


def _closure_inserted(d):
    raw(
        "INSERT INTO bodies_closure (body_id, day, reason) VALUES (%s, %s, %s)",
        [d["world"].camara.pk, dt.date(2027, 3, 10), "Cierre inventado"],
    )
    return None


def _closure_deleted(d):
    seq = link_seq(d["closure"])
    raw("DELETE FROM bodies_closure WHERE id = %s", [d["closure"].pk])
    return seq


def _closure_moved(d):
    raw("UPDATE bodies_closure SET day = %s WHERE id = %s", [dt.date(2027, 3, 5), d["closure"].pk])
    return link_seq(d["closure"])


def _election_moved(d):
    raw("UPDATE bodies_electionday SET day = %s WHERE id = %s", [dt.date(2027, 6, 13), d["election"].pk])
    return link_seq(d["election"])


def _membership_ended(d):
    m = d["world"].camara.memberships.order_by("pk").first()
    raw('UPDATE bodies_membership SET "end" = %s WHERE id = %s', [dt.date(2026, 1, 1), m.pk])
    return link_seq(m)


def _membership_inserted(d):
    raw(
        "INSERT INTO bodies_membership (body_id, person_id, position, position_order, start) "
        "VALUES (%s, %s, 'member', 4, %s)",
        [d["world"].camara.pk, d["world"].respondent.pk, dt.date(2025, 1, 1)],
    )
    return None


def _role_granted(d):
    raw(
        "INSERT INTO accounts_rolegrant (user_id, body_id, role) VALUES (%s, %s, 'staff')",
        [d["world"].users["ajeno"].pk, d["world"].camara.pk],
    )
    return None


def _role_changed(d):
    grant = RoleGrant.objects.get(user=d["world"].users["presidencia_camara"])
    raw("UPDATE accounts_rolegrant SET role = 'secretary' WHERE id = %s", [grant.pk])
    return link_seq(grant)


def _body_seats(d):
    raw("UPDATE bodies_body SET seats = 5 WHERE id = %s", [d["world"].camara.pk])
    return link_seq(d["world"].camara)


def _version_rewritten(d):
    """The attacker edits the row and its version alike: the version's link no longer matches."""
    closure = d["closure"]
    record_ = latest(closure)
    raw("UPDATE bodies_closure SET day = %s WHERE id = %s", [dt.date(2027, 3, 5), closure.pk])
    raw(
        f"UPDATE audit_staterecord SET content = {jsonb()} WHERE id = %s",
        [json.dumps({**record_.content, "day": "2027-03-05"}), record_.pk],
    )
    return link_seq(closure)


def _version_inserted(d):
    """A forged later version (to cover a forged row) is outside the chain."""
    closure = d["closure"]
    record_ = latest(closure)
    raw("UPDATE bodies_closure SET day = %s WHERE id = %s", [dt.date(2027, 3, 5), closure.pk])
    raw(
        f"INSERT INTO audit_staterecord (kind, object_id, version, content, removed, username, reason, at) "
        f"VALUES (%s, %s, %s, {jsonb()}, %s, '', '', %s)",
        [
            "bodies.Closure",
            str(closure.pk),
            record_.version + 1,
            json.dumps({**record_.content, "day": "2027-03-05"}),
            False,
            record_.at,
        ],
    )
    return None


def _office_end_moved(d):
    """The register (issue 16): a departure typed behind the app changes every report duty."""
    office = d["world"].respondent.offices.get()
    raw('UPDATE bodies_officeterm SET "end" = %s WHERE id = %s', [dt.date(2027, 3, 1), office.pk])
    return link_seq(office)


def _person_number(d):
    person = d["world"].respondent
    raw("UPDATE bodies_person SET hr_number = 'E-999' WHERE id = %s", [person.pk])
    return link_seq(person)


def _report_backdated(d):
    """A financial report received (Sec. 14), its filing day moved back behind the app."""
    from ventila.compliance.actions import ReportInput, do_record_report

    report = do_record_report(
        user=d["world"].users["secretaria"],
        body=d["world"].camara,
        person=d["world"].respondent,
        report=ReportInput(2024, "initial", dt.date(2025, 3, 1), True, True),
    )
    raw("UPDATE compliance_financialreport SET filed_on = %s WHERE id = %s", [dt.date(2025, 2, 1), report.pk])
    return link_seq(report)


def _gift_value(d):
    """A gift received (Sec. 10(k)) made to look under the $250.00 cap behind the app."""
    from decimal import Decimal

    from ventila.compliance.conduct_actions import GiftInput, do_record_gift

    gift = do_record_gift(
        user=d["world"].users["secretaria"],
        body=d["world"].camara,
        person=d["world"].respondent,
        gift=GiftInput(dt.date(2027, 2, 1), "Reloj", Decimal("300.00"), "Club Ficticio"),
    )
    raw("UPDATE compliance_giftrecord SET value = %s WHERE id = %s", [Decimal("200.00"), gift.pk])
    return link_seq(gift)


def _summons_notified(d):
    """A court summons (Sec. 10(w)) whose notice to the Secretary is backdated behind the app."""
    from ventila.compliance.conduct_actions import SummonsInput, do_record_summons

    summons = do_record_summons(
        user=d["world"].users["secretaria"],
        body=d["world"].camara,
        person=d["world"].respondent,
        summons=SummonsInput("TPI-1", dt.date(2027, 2, 1), "witness", dt.date(2027, 2, 15)),
    )
    raw(
        "UPDATE compliance_courtsummons SET secretary_notified_on = %s WHERE id = %s", [dt.date(2027, 2, 3), summons.pk]
    )
    return link_seq(summons)


# -- rows that grant or remove access (issue 26, finding 4) ---------------------------------------------


def _recused(d):
    """A commissioner recused in the case (Sec. 9) and the Speaker's substitute for it (Secs. 8–9),
    recorded on the docket: the derived exclusion and substitute rows get their versions."""
    world, case = d["world"], d["case"]
    member = world.members[3]
    d["now"].set("2027-03-02 12:00")
    record(world, case, "recusal_requested", "2027-03-02", member=str(member.pk), by="member")
    ballots = {k: v for k, v in unanimous(world).items() if k != member.pk}
    record(world, case, "recusal_decided", "2027-03-02", member=str(member.pk), granted=True, ballots=ballots)
    substitute = make_person("Sustituto", "Pro Tempore Ficticio", role=None)
    record(world, case, "substitute_requested", "2027-03-02", member=str(member.pk))
    record(world, case, "substitute_appointed", "2027-03-02", member=str(member.pk), substitute=str(substitute.pk))
    exclusion = CaseExclusion.objects.get(case=case, person=member)
    assert chain.verify().ok and latest(exclusion) is not None
    return exclusion, CaseSubstitute.objects.get(case=case, person=substitute)


def _exclusion_deleted(d):
    """CAM-09: the recused commissioner's exclusion deleted behind the app: he would read the case again."""
    exclusion, _sub = _recused(d)
    raw("DELETE FROM cases_caseexclusion WHERE id = %s", [exclusion.pk])
    return link_seq(exclusion)


def _exclusion_changed(d):
    exclusion, _sub = _recused(d)
    raw("UPDATE cases_caseexclusion SET person_id = %s WHERE id = %s", [d["world"].members[2].pk, exclusion.pk])
    return link_seq(exclusion)


def _substitute_inserted(d):
    """A substitute appointed behind the app: a person of the register reads a case nobody appointed him to."""
    raw(
        "INSERT INTO cases_casesubstitute (case_id, person_id, replaces_id, appointed_on) VALUES (%s, %s, %s, %s)",
        [d["case"].pk, d["world"].respondent.pk, d["world"].members[1].pk, dt.date(2027, 3, 2)],
    )
    return None


def _substitute_deleted(d):
    _exclusion, substitute = _recused(d)
    raw("DELETE FROM cases_casesubstitute WHERE id = %s", [substitute.pk])
    return link_seq(substitute)


def _user_person_linked(d):
    """The administrator's account linked to a seated commissioner: his seats would show him the cases."""
    admin = d["world"].users["admin"]
    raw("UPDATE accounts_user SET person_id = %s WHERE id = %s", [d["world"].members[2].pk, admin.pk])
    return link_seq(admin)


def _user_superuser(d):
    outsider = d["world"].users["ajeno"]
    raw("UPDATE accounts_user SET is_superuser = %s, is_staff = %s WHERE id = %s", [True, True, outsider.pk])
    return link_seq(outsider)


def _user_inserted(d):
    raw(
        "INSERT INTO accounts_user (password, is_superuser, username, first_name, last_name, email, is_staff, "
        "is_active, date_joined, person_id) VALUES ('!', %s, 'intruso', '', '', '', %s, %s, %s, %s)",
        [True, True, True, dt.datetime(2027, 3, 1, tzinfo=dt.UTC), d["world"].members[0].pk],
    )
    return None


def _device_key_replaced(d):
    """The secretary's second-factor key replaced by one the attacker holds."""
    device = TOTPDevice.objects.get(user=d["world"].users["secretaria"])
    raw("UPDATE otp_totp_totpdevice SET key = %s WHERE id = %s", ["00" * 20, device.pk])
    return link_seq(device)


def _device_inserted(d):
    """A second device of the attacker's own added to the secretary's account."""
    raw(
        "INSERT INTO otp_totp_totpdevice (user_id, name, confirmed, key, step, t0, digits, tolerance, drift, "
        "last_t, throttling_failure_count) VALUES (%s, 'otro', %s, %s, 30, 0, 6, 1, 0, -1, 0)",
        [d["world"].users["secretaria"].pk, True, "11" * 20],
    )
    return None


def _device_deleted(d):
    device = TOTPDevice.objects.get(user=d["world"].users["secretaria"])
    raw("DELETE FROM otp_totp_totpdevice WHERE id = %s", [device.pk])
    return link_seq(device)


def _recovery_code_inserted(d):
    raw(
        "INSERT INTO accounts_recoverycode (user_id, digest, created_at) VALUES (%s, %s, %s)",
        [d["world"].users["secretaria"].pk, "c" * 64, dt.datetime(2027, 3, 1, tzinfo=dt.UTC)],
    )
    return None


def _filed_case_linked(d):
    """An API organisation given another case to read (the API's filed-case link)."""
    from ventila.api.tokens import do_create_client

    client = do_create_client(user=None, name="Organización Ficticia", role="oeg", body=d["world"].camara)
    raw("INSERT INTO api_filedcase (client_id, case_id) VALUES (%s, %s)", [client.pk, d["case"].pk])
    return None


def _filed_case_moved(d):
    from ventila.api.models import FiledCase
    from ventila.api.tokens import do_create_client

    client = do_create_client(user=None, name="Organización Ficticia", role="oeg", body=d["world"].camara)
    own = FiledCase.objects.create(client=client, case=file_complaint(d["world"]))
    raw("UPDATE api_filedcase SET case_id = %s WHERE id = %s", [d["case"].pk, own.pk])
    return link_seq(own)


def _body_approved(d):
    """A body's approval (two administrators') withdrawn or given behind the app."""
    raw("UPDATE bodies_body SET approved = %s WHERE id = %s", [False, d["world"].municipal.pk])
    return link_seq(d["world"].municipal)


TAMPERING = [
    pytest.param(_exclusion_deleted, id="CAM-09 recused commissioner's exclusion deleted"),
    pytest.param(_exclusion_changed, id="exclusion moved to another commissioner"),
    pytest.param(_substitute_inserted, id="case substitute inserted"),
    pytest.param(_substitute_deleted, id="case substitute deleted"),
    pytest.param(_user_person_linked, id="account linked to a seated person"),
    pytest.param(_user_superuser, id="superuser and staff flags set"),
    pytest.param(_user_inserted, id="account inserted"),
    pytest.param(_device_key_replaced, id="second-factor key replaced"),
    pytest.param(_device_inserted, id="second-factor device inserted"),
    pytest.param(_device_deleted, id="second-factor device deleted"),
    pytest.param(_recovery_code_inserted, id="recovery code inserted"),
    pytest.param(_filed_case_linked, id="API filed-case link inserted"),
    pytest.param(_filed_case_moved, id="API filed-case link moved to another case"),
    pytest.param(_body_approved, id="body approval flag changed"),
    pytest.param(_gift_value, id="gift value lowered under the cap (Sec. 10(k))"),
    pytest.param(_summons_notified, id="summons notice to the Secretary backdated (Sec. 10(w))"),
    pytest.param(_office_end_moved, id="office end date changed (register of obligated people)"),
    pytest.param(_person_number, id="person employee number changed"),
    pytest.param(_report_backdated, id="financial report received backdated"),
    pytest.param(_party_contact, id="party contact data changed"),
    pytest.param(_party_inserted, id="party inserted"),
    pytest.param(_party_deleted, id="party deleted"),
    pytest.param(_case_status, id="case row state changed (closed: no longer confidential)"),
    pytest.param(_case_candidate, id="case candidate flag flipped (Sec. 24)"),
    pytest.param(_filing_key_hash, id="filing record key hash replaced"),
    pytest.param(_filing_receipt, id="filing receipt rewritten"),
    pytest.param(_supplement, id="follow-up evidence changed"),
    pytest.param(_supplement_file, id="follow-up evidence file bytes changed on disk"),
    pytest.param(_closure_inserted, id="closure day inserted"),
    pytest.param(_closure_deleted, id="closure day deleted"),
    pytest.param(_closure_moved, id="closure day moved"),
    pytest.param(_election_moved, id="election day moved"),
    pytest.param(_membership_ended, id="seat ended"),
    pytest.param(_membership_inserted, id="seat inserted"),
    pytest.param(_role_granted, id="role granted"),
    pytest.param(_role_changed, id="role changed"),
    pytest.param(_body_seats, id="body seats changed"),
    pytest.param(_version_rewritten, id="row and its version rewritten"),
    pytest.param(_version_inserted, id="forged version inserted"),
]


@pytest.mark.parametrize("tamper", TAMPERING)
def test_verify_catches_a_change_behind_the_app(filed, tamper):
    expected_seq = tamper(filed)
    result = chain.verify()
    assert not result.ok
    if expected_seq is None:
        assert any(p.seq is None for p in result.problems), [str(p) for p in result.problems]
    else:
        assert result.first.seq == expected_seq, [str(p) for p in result.problems]
    out = io.StringIO()
    with pytest.raises(CommandError, match="primer eslabón que no concuerda"):
        call_command("audit", "verify", stdout=out)
    assert "LA CADENA NO CONCUERDA" in out.getvalue()


def test_a_row_from_before_the_versions_gets_its_first_one_from_the_migration_step(filed):
    raw(
        "INSERT INTO bodies_closure (body_id, day, reason) VALUES (%s, %s, %s)",
        [filed["world"].camara.pk, dt.date(2027, 3, 10), "Cierre anterior a la versión"],
    )
    assert not chain.verify().ok
    assert state.record_all("bodies.Closure") == 1  # what audit migration 0003 runs for each kind
    assert chain.verify().ok


def test_a_column_newly_kept_gets_a_version_from_the_migration_step(filed):
    """What audit migration 0005 runs for bodies (their new columns ``approved`` and ``active``): a new
    version of each row whose kept columns differ from its latest version, none for the others."""
    assert state.record_changed("bodies.Body") == 0
    raw("UPDATE bodies_body SET active = %s WHERE id = %s", [False, filed["world"].municipal.pk])
    assert not chain.verify().ok
    assert state.record_changed("bodies.Body") == 1
    assert latest(filed["world"].municipal).content["active"] is False
    assert chain.verify().ok
