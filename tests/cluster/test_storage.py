"""Stored files through Django's storage API (ventila/files.py) on a real S3-compatible server (moto's, on
loopback): content-addressed, verified on every read, streamed only by the permission-checked views, and
an existing install's files moved into object storage by ``ventila files_to_storage``."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import tarfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client, RequestFactory
from factories import file_complaint, record, signed_in

from ventila import files
from ventila.audit import chain
from ventila.cases.actions import UploadedDocument
from ventila.cases.models import Attachment
from ventila.web import pending

PR = dt.timezone(dt.timedelta(hours=-4))
PDF = b"%PDF-1.4 citacion ficticia para el almacenamiento de objetos"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_s3_stores_by_hash_and_refuses_a_changed_object(s3_storage):
    s3, bucket = s3_storage
    name = f"attachments/{_sha(PDF)[:2]}/{_sha(PDF)}"
    assert files.put(name, PDF) == name
    assert files.put(name, PDF) == name  # the same bytes again: one object, not a renamed copy
    keys = [o["Key"] for o in s3.list_objects_v2(Bucket=bucket)["Contents"]]
    assert keys == [f"archivos/{name}"]
    assert files.read_verified(name, _sha(PDF)) == PDF
    # Private: an unsigned GET of the object is refused by the store.
    acl = s3.get_object_acl(Bucket=bucket, Key=f"archivos/{name}")
    assert not any("AllUsers" in str(g["Grantee"]) for g in acl["Grants"])

    s3.put_object(Bucket=bucket, Key=f"archivos/{name}", Body=b"%PDF-1.4 otra cosa")
    with pytest.raises(files.FileDamaged, match="SHA-256 mismatch"):
        files.read_verified(name, _sha(PDF))
    with pytest.raises(files.FileDamaged, match="unreadable"):
        files.open_verified("attachments/00/missing", _sha(PDF))

    request = RequestFactory().get("/expedientes/x/anejos/1/")
    page = files.FileDamagedMiddleware(lambda r: None).process_exception(request, files.FileDamaged(name, "x"))
    assert page is not None and page.status_code == 503
    assert "no coincide con la huella SHA-256" in page.content.decode()


def test_s3_working_files_are_replaced_listed_and_purged(s3_storage):
    files.write("quarantine/abc/borrador.json", b'{"a":1}')
    files.write("quarantine/abc/borrador.json", b'{"a":2}')
    files.write("quarantine/abc/f1", b"x")
    assert files.read("quarantine/abc/borrador.json") == b'{"a":2}'
    assert files.read("quarantine/none/borrador.json") is None
    assert files.listdir("quarantine") == (["abc"], [])
    assert files.newest_change("quarantine/abc") is not None
    files.delete_folder("quarantine/abc")
    assert files.listdir("quarantine") == ([], [])
    assert files.reachable()


def test_s3_a_working_file_removed_meanwhile_is_passed_over(s3_storage, monkeypatch):
    """Two nodes keep and discard act forms' attachments at once: a name the purge listed may be gone when it
    looks at it (S3 answers the HEAD with 404, a ClientError; it was a 500 on the act's page)."""
    files.write("pending/kept", b"x")
    assert files.modified_time("pending/kept") is not None
    assert files.modified_time("pending/gone") is None
    listed = files.listdir
    monkeypatch.setattr(files, "listdir", lambda prefix: (listed(prefix)[0], [*listed(prefix)[1], "gone"]))
    pending._purge()  # passes over the one discarded since the listing, keeps the recent one
    assert files.read("pending/kept") == b"x"


def _attach(world, data: bytes) -> Attachment:
    case = file_complaint(world)
    pdf = UploadedDocument("citacion.pdf", data, "application/pdf")
    record(world, case, "witness_summoned", "2027-03-02 13:00", witness="Testigo", attachments=[pdf])
    return Attachment.objects.get(sha256=_sha(data))


def test_an_install_moves_its_files_to_s3_and_serves_them_from_there(committed, settings, s3_storage, tmp_path):
    s3, bucket = s3_storage
    disk = settings.STORAGES
    from ventila.settings import _storages

    settings.STORAGES = _storages("")  # the one-machine install: its files on its disk
    att = _attach(committed, PDF)
    on_disk = Path(settings.MEDIA_ROOT) / att.file.name
    assert on_disk.read_bytes() == PDF

    settings.STORAGES = disk  # now configured for object storage: the file is not there yet
    c = signed_in(committed.users["presidente"])
    url = f"/expedientes/{att.entry.case.number}/anejos/{att.pk}/"
    assert c.get(url).status_code == 503

    out = io.StringIO()
    call_command("files_to_storage", stdout=out)
    assert "Archivos copiados: 1; ya estaban: 0; con problemas: 0." in out.getvalue()
    call_command("files_to_storage", stdout=out)  # run again: nothing to copy
    assert "Archivos copiados: 0; ya estaban: 1" in out.getvalue()
    assert s3.get_object(Bucket=bucket, Key=f"archivos/{att.file.name}")["Body"].read() == PDF
    assert chain.verify().ok  # the audit's file check reads them through the storage
    call_command("backup", str(tmp_path / "copias"), stdout=io.StringIO())  # the backup reads them there too
    with tarfile.open(next((tmp_path / "copias").glob("ventila-*.tar.gz"))) as tar:
        assert tar.extractfile(f"files/{att.file.name}").read() == PDF

    r = c.get(url)
    assert r.status_code == 200 and _sha(b"".join(r.streaming_content)) == att.sha256
    assert Client().get(url).status_code == 302  # no URL opens it without signing in

    # A file whose bytes on the disk are not the recorded ones is not copied, and the command says so.
    other = b"%PDF-1.4 segundo anejo"
    settings.STORAGES = _storages("")
    att2 = _attach(committed, other)
    (Path(settings.MEDIA_ROOT) / att2.file.name).write_bytes(b"%PDF-1.4 alterado")
    settings.STORAGES = disk
    with pytest.raises(CommandError, match="no se copiaron"):
        call_command("files_to_storage", stdout=io.StringIO(), stderr=io.StringIO())
    assert "Contents" not in s3.list_objects_v2(Bucket=bucket, Prefix=f"archivos/{att2.file.name}")
