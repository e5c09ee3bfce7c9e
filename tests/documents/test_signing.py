"""Every issued PDF is signed (PAdES) with its body's certificate (issue 32): pyHanko's validator accepts each
kind the demo issues — the House's notice, determination, hearing summons, resolution and Final Report, the
municipal notice, hearing notice and decision, the annual report and the filing receipt — against the
throwaway CA of this test session; the SHA-256 stored is the signed file's; one changed byte breaks the
signature. Certificates from settings (PKCS#12, key + chain) sign in place of the demo's."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from factories import file_complaint, file_municipal_complaint, record, unanimous

from ventila.audit import chain
from ventila.audit.models import ChainLink
from ventila.documents import signing
from ventila.documents.models import SignedFile

from .helpers import (  # noqa: F401 (fixtures)
    draft_of,
    flat,
    issue,
    municipal_decision,
    municipal_heard,
    municipal_hearing,
    pdf_pages,
    signing_dir,
    throwaway_ca,
)
from .test_documents import _to_final_report

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("throwaway_ca")]


# -- one of each kind the demo issues, built with the factories -----------------------------------------


def _notice(world: Any, now: Any) -> tuple[bytes, Any]:
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    return doc.file.read(), world.camara


def _to_determination(world: Any, now: Any, outcome: str = "probable_cause", **payload: Any) -> tuple[Any, Any]:
    case = file_complaint(world)
    for day, act in [("2027-03-03", "respondent_notified"), ("2027-03-10", "answer_filed")]:
        now.set(day + " 18:00")
        record(world, case, act, day)
    now.set("2027-03-30 18:00")
    entry = record(
        world, case, "determination_made", "2027-03-30", outcome=outcome, ballots=unanimous(world), **payload
    )
    return case, entry


def _determination(world: Any, now: Any) -> tuple[bytes, Any]:
    case, entry = _to_determination(world, now, outcome="dismissed", grounds=["frivolous"])
    return issue(world, case, "determination", seq=entry.seq).file.read(), world.camara


def _hearing_summons(world: Any, now: Any) -> tuple[bytes, Any]:
    case, _entry = _to_determination(world, now)
    now.set("2027-04-01 18:00")
    entry = record(world, case, "hearing_noticed", "2027-04-01", hearing_date="2027-04-15T10:00")
    doc = issue(world, case, "hearing_summons", seq=entry.seq, edits={"witnesses": "Testigo Uno Ficticio"})
    return doc.file.read(), world.camara


def _resolution(world: Any, now: Any) -> tuple[bytes, Any]:
    case = file_complaint(world)
    resolved, _referred = _to_final_report(world, now, case)
    doc = issue(world, case, "resolution", seq=resolved.seq, edits={"conclusions_of_law": "Infringe la Sec. 10(i)."})
    return doc.file.read(), world.camara


def _final_report(world: Any, now: Any) -> tuple[bytes, Any]:
    case = file_complaint(world)
    _resolved, referred = _to_final_report(world, now, case)
    return issue(world, case, "final_report", seq=referred.seq).file.read(), world.camara


def _municipal_case(world: Any) -> Any:
    return file_municipal_complaint(world, mayor=("Eduardo", "Cordero Ficticio"), facts="Uso de fondos.")


def _municipal_issue(world: Any, case: Any, template: str, seq: int, **kw: Any) -> bytes:
    from ventila.documents.actions import do_create_draft, do_issue_document, do_update_draft

    user = world.users["secretaria_municipal"]
    draft = do_create_draft(user=user, case=case, entry=case.entries.get(seq=seq), template=template)
    if kw:
        draft = do_update_draft(draft=draft, title=draft.title, texts=kw)
    return do_issue_document(user=user, draft=draft).file.read()


def _mun_notice(world: Any, now: Any) -> tuple[bytes, Any]:
    case = _municipal_case(world)
    return _municipal_issue(world, case, "mun_notice", 1), world.municipal


def _to_mun_hearing(world: Any, now: Any) -> tuple[Any, Any]:
    case = _municipal_case(world)
    return case, municipal_hearing(world, case, now)


def _mun_hearing_notice(world: Any, now: Any) -> tuple[bytes, Any]:
    case, noticed = _to_mun_hearing(world, now)
    return _municipal_issue(world, case, "mun_hearing_notice", noticed.seq), world.municipal


def _mun_decision(world: Any, now: Any) -> tuple[bytes, Any]:
    case, _noticed = _to_mun_hearing(world, now)
    municipal_heard(world, case)
    now.set("2027-05-10 18:00")
    decision = municipal_decision(world, case)
    data = _municipal_issue(
        world,
        case,
        "mun_decision",
        decision.seq,
        findings_of_fact="Se probaron las prácticas impropias.",
        conclusions_of_law="Procede la amonestación.",
    )
    return data, world.municipal


def _annual_report(world: Any, now: Any) -> tuple[bytes, Any]:
    from ventila.stats.report import do_issue_annual_report

    file_complaint(world)
    now.set("2028-01-05 12:00")
    report = do_issue_annual_report(user=world.users["secretaria"], body=world.camara, year=2027)
    return report.file.open("rb").read(), world.camara


def _filing_receipt(world: Any, now: Any) -> tuple[bytes, Any]:
    from ventila.filing.models import Filing
    from ventila.filing.services import receipt_pdf

    case = file_complaint(world)
    filing = Filing.objects.create(
        case=case,
        key_hash="0" * 64,
        filed_at=now.set("2027-03-01 10:15"),
        receipt={
            "body": world.camara.name,
            "filed_at": "2027-03-01T10:15:00-04:00",
            "complainant": {"name": "Ana Ejemplo Ficticia"},
            "respondent": {"name": "Rafael Quiñones Ficticio", "office": "Representante del Distrito 40"},
            "facts": "Hechos.",
            "signature": "Ana Ejemplo Ficticia",
        },
    )
    return receipt_pdf(filing, "ABCDE-FGHIJ-KLMNO-PQRST-UVWXY"), world.camara


KINDS: dict[str, tuple[str, Callable[[Any, Any], tuple[bytes, Any]]]] = {
    "CAM-21B-04 notice of complaint": ("notice_of_complaint", _notice),
    "CAM-21C-03 determination": ("determination", _determination),
    "CAM-21C-08 hearing summons": ("hearing_summons", _hearing_summons),
    "CAM-22-01 resolution": ("resolution", _resolution),
    "CAM-25-04 final report": ("final_report", _final_report),
    "MUN-INI-04 municipal notice": ("mun_notice", _mun_notice),
    "MUN-HEA-02 municipal hearing notice": ("mun_hearing_notice", _mun_hearing_notice),
    "municipal decision": ("mun_decision", _mun_decision),
    "annual report": (signing.ANNUAL_REPORT, _annual_report),
    "filing receipt": (signing.FILING_RECEIPT, _filing_receipt),
}


@pytest.mark.parametrize("label", list(KINDS))
def test_every_kind_the_demo_issues_is_signed_and_validates_with_pyhanko(world, now, label):
    kind, build = KINDS[label]
    data, body = build(world, now)
    status = signing.validate(data)
    assert status.bottom_line, status.pretty_print_details()
    assert status.intact and status.valid and status.trusted
    assert status.signing_cert.subject.native["common_name"] == body.name
    # The SHA-256 recorded for /verificar/ is the signed file's, and its record is chained.
    record_ = SignedFile.objects.get(sha256=hashlib.sha256(data).hexdigest())
    assert (record_.kind, record_.body_id, record_.signed) == (kind, body.pk, True)
    assert ChainLink.objects.filter(kind="documents.SignedFile", object_id=str(record_.pk)).exists()
    # The verification link is printed on the document.
    assert signing.verify_url(record_.code).split("//", 1)[1] in flat(" ".join(pdf_pages(data))).replace(" ", "")


def test_the_signature_block_is_visible_and_names_the_body_and_the_date(world, now):
    from pyhanko.pdf_utils.reader import PdfFileReader

    data, _body = _notice(world, now)
    sig = PdfFileReader(io.BytesIO(data)).embedded_signatures[0]
    field = sig.sig_field
    x1, y1, x2, y2 = (float(v) for v in field["/Rect"])
    assert x2 - x1 > 200 and y2 - y1 > 30  # a block on the page, not an invisible signature
    appearance = field["/AP"]["/N"].data.decode("latin-1")
    assert "Comisi\\363n de \\311tica" in appearance or "Comisión de Ética" in appearance
    assert "1 de marzo de 2027" in appearance
    assert sig.sig_object["/Name"] == world.camara.name
    assert sig.sig_object["/SubFilter"] == "/ETSI.CAdES.detached"  # PAdES


def test_a_changed_byte_breaks_the_signature(world, now):
    data, _body = _notice(world, now)
    changed = bytearray(data)
    changed[len(data) // 3] ^= 0x01  # inside the signed revision
    status = signing.validate(bytes(changed))
    assert not status.intact and not status.bottom_line


def test_a_document_chained_before_signing_keeps_its_bytes(world, now):
    """A document issued before signing existed is never re-signed: verify still finds its bytes intact,
    and the migration made it verifiable by its hash (``signed`` false)."""
    from ventila.documents.models import Document

    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    before = doc.file.open("rb").read()
    assert chain.verify(check_files=True).ok
    assert Document.objects.get(pk=doc.pk).sha256 == hashlib.sha256(before).hexdigest()


def _configured(tmp_path: Path, body: Any) -> tuple[Any, Any, Any]:
    """A "real" CA (not the demo's) and a certificate for ``body``, as an operator would install them."""
    ca = signing.make_certificate("Autoridad certificadora de prueba")
    key, cert = signing.make_certificate(body.name, ca)
    return ca, key, cert


@pytest.mark.parametrize("form", ["pkcs12", "key and chain"])
def test_a_certificate_from_settings_signs_instead_of_the_demo(world, now, settings, tmp_path, form):
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.serialization import pkcs12

    (ca_key, ca_cert), key, cert = _configured(tmp_path, world.camara)
    ca_pem = tmp_path / "ca.pem"
    ca_pem.write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    if form == "pkcs12":
        p12 = tmp_path / "camara.p12"
        p12.write_bytes(
            pkcs12.serialize_key_and_certificates(
                b"camara", key, cert, [ca_cert], serialization.BestAvailableEncryption(b"secreto")
            )
        )
        settings.VENTILA_SIGNING_BODIES = {"etica-camara": {"pkcs12": str(p12), "password": "secreto"}}
    else:
        (tmp_path / "key.pem").write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.BestAvailableEncryption(b"secreto"),
            )
        )
        (tmp_path / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        settings.VENTILA_SIGNING_BODIES = {
            "etica-camara": {
                "key": str(tmp_path / "key.pem"),
                "cert": str(tmp_path / "cert.pem"),
                "chain": str(ca_pem),
                "key_password": "secreto",
            }
        }
    settings.VENTILA_SIGNING_DEMO = False  # production: only configured certificates
    settings.VENTILA_SIGNING_TRUST_ROOTS = [str(ca_pem)]
    data, _body = _notice(world, now)
    status = signing.validate(data)
    assert status.bottom_line and status.signing_cert.serial_number == cert.serial_number


def test_without_a_certificate_in_production_nothing_is_issued(world, now, settings):
    from ventila.documents.actions import do_issue_document
    from ventila.documents.models import Document, Draft

    settings.VENTILA_SIGNING_DEMO = False
    case = file_complaint(world)
    draft = draft_of(world, case, "notice_of_complaint")
    with pytest.raises(signing.SigningUnavailable, match="VENTILA_SIGNING_ETICA_CAMARA_PKCS12"):
        do_issue_document(user=world.users["secretaria"], draft=draft)
    assert not Document.objects.exists() and not SignedFile.objects.exists() and Draft.objects.filter(pk=draft.pk)


def test_the_environment_names_each_bodys_certificate(monkeypatch):
    """``VENTILA_SIGNING_<SLUG>_…`` as settings.py reads it (the longest suffix wins: _KEY_PASSWORD)."""
    import importlib

    import ventila.settings as module

    for name, value in {
        "VENTILA_SIGNING_ETICA_CAMARA_PKCS12": "/etc/ventila/camara.p12",
        "VENTILA_SIGNING_ETICA_CAMARA_PASSWORD": "x",
        "VENTILA_SIGNING_QUERELLAS_MUNICIPALES_KEY": "/k.pem",
        "VENTILA_SIGNING_QUERELLAS_MUNICIPALES_KEY_PASSWORD": "y",
        "VENTILA_SIGNING_QUERELLAS_MUNICIPALES_CERT": "/c.pem",
    }.items():
        monkeypatch.setenv(name, value)
    try:
        fresh = importlib.reload(module)
        assert fresh.VENTILA_SIGNING_BODIES == {
            "etica-camara": {"pkcs12": "/etc/ventila/camara.p12", "password": "x"},
            "querellas-municipales": {"key": "/k.pem", "key_password": "y", "cert": "/c.pem"},
        }
    finally:
        monkeypatch.undo()
        importlib.reload(module)


def test_demo_certificates_are_made_once_and_kept(world, settings):
    first = signing.demo_certificates([world.camara, world.municipal])
    stamps = [p.stat().st_mtime_ns for p in first]
    again = signing.demo_certificates([world.camara, world.municipal])
    assert again == first and [p.stat().st_mtime_ns for p in again] == stamps
    assert (Path(settings.VENTILA_SIGNING_DIR) / signing.CA_FILE).stat().st_mode & 0o777 == 0o600
    settings.VENTILA_SIGNING_BODIES = {"etica-camara": {"pkcs12": "/x.p12"}}
    assert signing.demo_certificates([world.camara]) == []  # a configured body gets no demo certificate


def test_issued_at_is_the_date_in_the_block_not_the_signing_clock(world, now):
    """The block shows the day of issue (frozen here in 2027); the CMS signing time is the real clock."""
    from pyhanko.pdf_utils.reader import PdfFileReader

    now.set("2027-06-30 23:30")  # 30 June in Puerto Rico, already 1 July in UTC
    case = file_complaint(world, when="2027-06-30 09:00", knowledge="2027-06-01")
    data = issue(world, case, "notice_of_complaint").file.read()
    appearance = PdfFileReader(io.BytesIO(data)).embedded_signatures[0].sig_field["/AP"]["/N"].data
    assert b"30 de junio de 2027" in appearance
    assert dt.datetime.now(dt.UTC) - signing.validate(data).signer_reported_dt < dt.timedelta(minutes=5)
