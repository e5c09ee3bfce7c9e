"""``ventila backup`` / ``ventila restore``: a consistent snapshot of the database and the stored files,
brought back on an empty install, with the audit chain verified afterwards (SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import io
import json
import tarfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import Client
from factories import file_complaint, make_world
from web.helpers import recuse

from ventila import clock
from ventila.audit import chain
from ventila.audit.backup import BackupError, backup, restore
from ventila.audit.models import AccessLog, ChainLink
from ventila.cases.actions import ActInput, UploadedDocument, do_record_act
from ventila.cases.db_triggers import purge_docket
from ventila.cases.models import Attachment, Ballot, Case, DocketEntry, QueueCount

PR = dt.timezone(dt.timedelta(hours=-4))


@pytest.fixture
def committed(transactional_db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    clock.set_now(dt.datetime(2027, 3, 2, 15, 0, tzinfo=PR))
    world = make_world()
    yield world
    clock.set_now(None)
    purge_docket(connection)


def _state() -> dict:
    return {
        "entries": sorted(DocketEntry.objects.values_list("case__number", "seq", "event_type", "payload")),
        "cases": sorted(Case.objects.values_list("number", "stage", "next_due")),
        "ballots": Ballot.objects.count(),
        "access": AccessLog.objects.count(),
        "links": ChainLink.objects.count(),
        "attachments": sorted(Attachment.objects.values_list("sha256", "size")),
        "head": chain.head(),
        # The queue's counts are not copied: the restore rebuilds them (none lost, none counted twice).
        "counts": sorted(QueueCount.objects.filter(n__gt=0).values_list("body__slug", "turn", "due", "n")),
    }


def _empty_install(media: Path) -> None:
    purge_docket(connection)
    call_command("flush", interactive=False, verbosity=0)
    for f in sorted(media.rglob("*"), reverse=True):
        f.unlink() if f.is_file() else f.rmdir()


def test_backup_restore_round_trip_keeps_the_chain(committed, settings, tmp_path):
    world = committed
    case = file_complaint(world)
    file_complaint(world, when="2027-03-02 09:00")
    recuse(world, case, world.members[3])
    do_record_act(
        user=world.users["secretaria"],
        case=case,
        act=ActInput(
            "witness_summoned",
            dt.datetime(2027, 3, 2, 13, 0, tzinfo=PR),
            True,
            {"witness": "Testigo"},
            {},
            attachments=[UploadedDocument("citacion.pdf", b"%PDF-1.4 citacion ficticia", "application/pdf")],
        ),
    )
    c = Client()
    c.force_login(world.users["presidente"])
    assert c.get(f"/expedientes/{case.number}/").status_code == 200
    before = _state()
    assert chain.verify().ok and before["links"] >= 6 and before["attachments"]
    assert sum(n for *_, n in before["counts"]) == Case.objects.filter(status="open").count() == 2

    out = io.StringIO()
    call_command("backup", str(tmp_path / "copias"), stdout=out)
    archive = next((tmp_path / "copias").glob("ventila-*.tar.gz"))
    assert "Copia escrita" in out.getvalue()
    with tarfile.open(archive) as tar:
        manifest = json.loads(tar.extractfile("manifest.json").read())
        names = set(tar.getnames())
    assert manifest["vendor"] == connection.vendor
    assert manifest["method"] == (
        "sqlite-backup-api" if connection.vendor == "sqlite" else "django-json-repeatable-read"
    )
    assert manifest["chain_head"] == {"seq": before["head"][0], "hash": before["head"][1]}
    assert set(manifest["members"]) | {"manifest.json", "manifest.sig"} == names
    assert any(n.startswith("files/attachments/") for n in names)

    # Restoring over data is refused.
    with pytest.raises(BackupError, match="ya tiene datos"):
        restore(archive)

    media = Path(settings.MEDIA_ROOT)
    _empty_install(media)
    assert not Case.objects.exists() and not any(media.rglob("*.*"))

    # A damaged archive is refused before anything is touched.
    damaged = tmp_path / "danada.tar.gz"
    with tarfile.open(archive) as src, tarfile.open(damaged, "w:gz") as dst:
        for m in src.getmembers():
            data = src.extractfile(m).read()
            if m.name == manifest["database"]:
                data = data[:-1] + bytes([data[-1] ^ 1])
            m.size = len(data)
            dst.addfile(m, io.BytesIO(data))
    with pytest.raises(BackupError, match="dañada"):
        restore(damaged)
    assert not Case.objects.exists()

    out = io.StringIO()
    call_command("restore", str(archive), stdout=out)
    assert "Cadena íntegra" in out.getvalue() and "la del manifiesto" in out.getvalue()
    after = _state()
    assert after == before
    result = chain.verify()
    assert result.ok and result.files_checked == len(before["attachments"])
    # The restored install works: the secretary opens the case and its attachment.
    from ventila.accounts.models import User

    c = Client()
    c.force_login(User.objects.get(username="secretaria"))
    att = Attachment.objects.get()
    assert c.get(f"/expedientes/{case.number}/").status_code == 200
    assert c.get(f"/expedientes/{case.number}/anejos/{att.pk}/").status_code == 200


def test_backup_of_an_empty_install_restores(committed, tmp_path, settings):
    result = backup(tmp_path / "copia.tar.gz")
    assert result.path == tmp_path / "copia.tar.gz" and result.path.exists()
    assert not result.path.with_name("copia.tar.gz.partial").exists()
    _empty_install(Path(settings.MEDIA_ROOT))
    with pytest.raises(CommandError, match="No existe la copia"):
        call_command("restore", str(tmp_path / "no-existe.tar.gz"))
    out = restore(result.path)
    assert out["verification"].ok


def test_restore_onto_a_fresh_install_whose_migrations_seeded_election_days(committed, tmp_path, settings):
    """A new database, migrated, has the election days its migrations seed and their first versions
    in the chain (audit migration 0003): that is no data of its own, and the archive's chain replaces it."""
    from ventila.audit import state
    from ventila.bodies.models import ElectionDay

    world = committed
    file_complaint(world)
    for kind, day in (("primary", dt.date(2028, 6, 4)), ("general", dt.date(2028, 11, 7))):  # the seed of
        ElectionDay.objects.get_or_create(kind=kind, day=day)  # bodies 0003 (a flush before may have removed it)
    seeded = list(ElectionDay.objects.order_by("pk").values_list("pk", "kind", "day"))
    archive = backup(tmp_path / "copia.tar.gz").path
    _empty_install(Path(settings.MEDIA_ROOT))
    with connection.cursor() as cur:  # what `migrate` leaves on a new database: the seed, not signalled
        for pk, kind, day in seeded:
            cur.execute("INSERT INTO bodies_electionday (id, kind, day) VALUES (%s, %s, %s)", [pk, kind, day])
    assert state.record_all("bodies.ElectionDay") == len(seeded) and ChainLink.objects.exists()
    out = restore(archive)
    assert out["verification"].ok, [str(p) for p in out["verification"].problems]
    assert Case.objects.count() == 1


# -- signed backups (issue 26, finding 4) --------------------------------------------------------------


def test_a_copy_taken_before_a_field_was_renamed_loads_under_its_new_name(tmp_path):
    """A JSON copy (PostgreSQL's) taken before ``cases.0011`` renamed ``Case.report_referred``: the restore
    reads the renames from the migrations and loads the old column under its new name; a derived table's
    rows (the queue's counts) are dropped, to be rebuilt."""
    from ventila.audit.backup import _upgrade_dump

    dump = tmp_path / "database.json"
    rows = [
        {"model": "cases.case", "pk": 7, "fields": {"number": "CE-2027-0001", "report_referred": True}},
        {"model": "cases.queuecount", "pk": 1, "fields": {"body": 1, "turn": "mine", "due": "0001-01-01", "n": 3}},
        {"model": "cases.party", "pk": 2, "fields": {"case": 7, "role": "respondent"}},
    ]
    dump.write_text(json.dumps(rows), encoding="utf-8")
    _upgrade_dump(dump)
    assert json.loads(dump.read_text(encoding="utf-8")) == [
        {"model": "cases.case", "pk": 7, "fields": {"number": "CE-2027-0001", "final_report_sent": True}},
        {"model": "cases.party", "pk": 2, "fields": {"case": 7, "role": "respondent"}},
    ]


def _rewrite(archive: Path, target: Path, change) -> None:
    """Copy ``archive`` to ``target``, each member passed through ``change(name, data) -> data | None``
    (None drops the member)."""
    with tarfile.open(archive) as src, tarfile.open(target, "w:gz") as dst:
        for m in src.getmembers():
            data = change(m.name, src.extractfile(m).read())
            if data is None:
                continue
            m.size = len(data)
            dst.addfile(m, io.BytesIO(data))


def _made_superuser(name: str, data: bytes, tmp_path: Path) -> bytes:
    """The attacker's edit: the outsider's account made a system administrator in the snapshot."""
    if name.endswith(".json"):
        rows = json.loads(data)
        for row in rows:
            if row["model"] == "accounts.user" and row["fields"]["username"] == "ajeno":
                row["fields"]["is_superuser"] = True
        return json.dumps(rows).encode()
    import sqlite3

    path = tmp_path / "editada.sqlite3"
    path.write_bytes(data)
    con = sqlite3.connect(path)
    con.execute("UPDATE accounts_user SET is_superuser = 1 WHERE username = 'ajeno'")
    con.commit()
    con.close()
    return path.read_bytes()


def _edited(archive: Path, tmp_path: Path, *, key: str | None = None, drop_signature: bool = False) -> Path:
    """The snapshot edited and the manifest's SHA-256 recomputed; the signature kept (the attacker has
    no key), made with another key, or dropped."""
    import hashlib
    import hmac

    from ventila.audit import backup as backup_module

    with tarfile.open(archive) as tar:
        manifest = json.loads(tar.extractfile("manifest.json").read())
        db_name = manifest["database"]
        edited_db = _made_superuser(db_name, tar.extractfile(db_name).read(), tmp_path)
    manifest["members"][db_name] = hashlib.sha256(edited_db).hexdigest()
    new_manifest = json.dumps(manifest, indent=2, ensure_ascii=False).encode()

    def change(name: str, data: bytes) -> bytes | None:
        if name == db_name:
            return edited_db
        if name == "manifest.json":
            return new_manifest
        if name == backup_module.SIGNATURE:
            if drop_signature:
                return None
            if key is not None:
                k = key.encode()
                mac = hmac.new(k, new_manifest, hashlib.sha256).hexdigest()
                return json.dumps({"alg": "HMAC-SHA256", "key_id": backup_module.key_id(k), "mac": mac}).encode()
        return data

    target = tmp_path / "editada.tar.gz"
    _rewrite(archive, target, change)
    return target


@pytest.mark.parametrize(
    ("how", "message"),
    [
        pytest.param({}, "se alteró", id="database edited, manifest SHA recomputed, signature kept"),
        pytest.param({"key": "clave-del-atacante"}, "otra clave", id="database edited and re-signed with another key"),
        pytest.param({"drop_signature": True}, "no está firmada", id="database edited, signature removed"),
    ],
)
def test_restore_refuses_an_archive_edited_after_the_backup(committed, settings, tmp_path, how, message):
    settings.VENTILA_BACKUP_KEY = "clave-de-las-copias-" + "x" * 30
    archive = backup(tmp_path / "copia.tar.gz").path
    with tarfile.open(archive) as tar:
        assert settings.VENTILA_BACKUP_KEY.encode() not in b"".join(
            tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()
        )  # the key is never in the archive
    edited = _edited(archive, tmp_path, **how)
    with pytest.raises(BackupError, match=message):
        restore(edited)
    with pytest.raises(CommandError, match=message):
        call_command("restore", str(edited), stdout=io.StringIO())
    from ventila.accounts.models import User

    assert not User.objects.get(username="ajeno").is_superuser


def test_no_backup_or_restore_without_the_key(committed, settings, tmp_path):
    archive = backup(tmp_path / "copia.tar.gz").path
    settings.VENTILA_BACKUP_KEY = ""
    with pytest.raises(BackupError, match="VENTILA_BACKUP_KEY"):
        backup(tmp_path / "otra.tar.gz")
    with pytest.raises(BackupError, match="VENTILA_BACKUP_KEY"):
        restore(archive)
