"""Every issued PDF is signed (PAdES, pyHanko) with the issuing body's certificate, and recorded so that
anyone can verify it on ``/verificar/`` (issue 32).

- :func:`issue_signed` renders a PDF whose HTML reserves the signature's place (the
  ``signature_slot`` template, :data:`SLOT_ID`), signs it with a visible block that names the body and
  the date, and records a :class:`~.models.SignedFile` with the SHA-256 *of the signed file* and the
  code of the verification link printed on it — chained in the audit record in the caller's
  transaction. Issued documents, annual reports and filing receipts all go through it.
- A body's key and certificate come from settings (:data:`settings.VENTILA_SIGNING_BODIES`, filled from
  ``VENTILA_SIGNING_<SLUG>_…``): a PKCS#12 file, or a PEM key, its certificate and the chain. Without
  them, and with ``VENTILA_SIGNING_DEMO`` on (never in production), a self-signed demo CA and a
  certificate for the body are made under ``VENTILA_SIGNING_DIR`` (elliptic-curve P-256 keys: made in
  milliseconds). docs/deploy.md says how to install a real certificate.
- :func:`validate` is pyHanko's validator against the trusted roots (``VENTILA_SIGNING_TRUST_ROOTS``,
  and the demo CA while demo signing is on).

pyHanko and cryptography are imported on first use (each adds a quarter to half a second to a process's
start, and most processes never sign), as WeasyPrint is.

A document issued before signing existed keeps its bytes: it is verifiable by its hash
(``SignedFile.signed`` false, created by migration ``documents.0004``), never re-signed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import datetime as dt
import functools
import hashlib
import io
import os
import secrets
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from asn1crypto import keys as asn1_keys
from asn1crypto import x509 as asn1_x509
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from ventila.audit import chain
from ventila.rules import PR_TZ

from .catalog import long_date
from .models import SignedFile

SLOT_ID = "firma-digital"  # the id of the element the templates reserve for the visible signature
FIELD_NAME = "FirmaDelCuerpo"
CA_FILE = "demo-ca.pem"  # the demo CA: its key and certificate, in one PEM file
PX_TO_PT = 0.75  # WeasyPrint lays out in CSS pixels (1/96 in); PDF user space is in points (1/72 in)
DEMO_YEARS = 10
# The kinds of SignedFile that are not a document template (ventila.documents.catalog)
ANNUAL_REPORT = "annual_report"
FILING_RECEIPT = "filing_receipt"


class SigningUnavailable(ImproperlyConfigured):
    """The body has no certificate and demo certificates are off: nothing can be issued."""


@dataclass(frozen=True)
class Slot:
    """Where the visible signature goes: page index and box (x1, y1, x2, y2) in PDF points."""

    page: int
    box: tuple[int, int, int, int]


# -- the certificates ---------------------------------------------------------------------------------


def new_code() -> str:
    """The code of a document's verification link (96 random bits: not guessable, not enumerable)."""
    return secrets.token_urlsafe(12)


# The address the person reached the site at, while a request renders a PDF or a message for them (issue 29: a
# receipt printed the configured default, a port-8000 address, where the site answered elsewhere).
_SERVED_AT: contextvars.ContextVar[str] = contextvars.ContextVar("ventila_served_at", default="")


def base_url() -> str:
    """The site's public address, without a trailing slash: ``VENTILA_BASE_URL`` when it is configured, else the
    address of the request being answered (see :func:`served_at`), else ``VENTILA_LOCAL_URL`` (the worker or a
    command of a site that configured none)."""
    return settings.VENTILA_BASE_URL or _SERVED_AT.get() or settings.VENTILA_LOCAL_URL


@contextlib.contextmanager
def served_at(request: Any) -> Iterator[None]:
    """Within it, :func:`base_url` is the address ``request`` came to."""
    token = _SERVED_AT.set(request.build_absolute_uri("/").rstrip("/"))
    try:
        yield
    finally:
        _SERVED_AT.reset(token)


def verify_url(code: str) -> str:
    return base_url() + reverse("web:verify_code", args=[code])


def _name(common_name: str) -> Any:
    from cryptography import x509
    from cryptography.x509.oid import NameOID

    return x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, "PR"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ventila (demostración)"),
            # X.509 allows 64 bytes (UTF-8) in a common name
            x509.NameAttribute(NameOID.COMMON_NAME, common_name.encode()[:64].decode(errors="ignore")),
        ]
    )


def _key_usage(*, ca: bool) -> Any:
    from cryptography import x509

    return x509.KeyUsage(
        digital_signature=not ca,
        content_commitment=not ca,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=ca,
        crl_sign=ca,
        encipher_only=False,
        decipher_only=False,
    )


def make_certificate(common_name: str, issuer: tuple[Any, Any] | None = None) -> tuple[Any, Any]:
    """A new P-256 key and its certificate: a self-signed CA when ``issuer`` is None, else a signing
    certificate issued by ``issuer`` (key, certificate). Valid from yesterday for ten years."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    now = dt.datetime.now(dt.UTC)
    issuer_key, issuer_cert = issuer if issuer is not None else (key, None)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(common_name))
        .issuer_name(issuer_cert.subject if issuer_cert is not None else _name(common_name))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=365 * DEMO_YEARS))
        .add_extension(x509.BasicConstraints(ca=issuer is None, path_length=0 if issuer is None else None), True)
        .add_extension(_key_usage(ca=issuer is None), True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), False)
    )
    return key, builder.sign(issuer_key, hashes.SHA256())


def pem(key: Any, cert: Any) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ) + cert.public_bytes(serialization.Encoding.PEM)


def _write_private(path: Path, data: bytes) -> None:
    """Write ``path`` atomically, readable by its owner only (two processes never see half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _load_pem(path: Path) -> tuple[Any, Any]:
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    data = path.read_bytes()
    return serialization.load_pem_private_key(data, password=None), x509.load_pem_x509_certificate(data)


def demo_ca() -> tuple[Any, Any]:
    """The demo CA under ``VENTILA_SIGNING_DIR`` (made the first time)."""
    path = Path(settings.VENTILA_SIGNING_DIR) / CA_FILE
    if not path.exists():
        _write_private(path, pem(*make_certificate("CA de demostración de ventila, sin validez legal")))
    return _load_pem(path)


def ensure_demo_certificate(slug: str, name: str) -> Path:
    """The demo certificate of body ``slug`` (its key and certificate in one PEM file), issued by the
    demo CA; made the first time. ``ventila demo`` calls it for every body."""
    path = Path(settings.VENTILA_SIGNING_DIR) / f"{slug}.pem"
    if not path.exists():
        _write_private(path, pem(*make_certificate(name, demo_ca())))
    return path


def demo_certificates(bodies: list[Any]) -> list[Path]:
    """Make (once) the demo CA and the certificate of each of ``bodies`` that has none configured, when
    demo signing is on; their paths (``ventila demo``)."""
    if not settings.VENTILA_SIGNING_DEMO:
        return []
    return [ensure_demo_certificate(b.slug, b.name) for b in bodies if b.slug not in settings.VENTILA_SIGNING_BODIES]


def _stamp(path: str) -> tuple[str, float]:
    p = Path(path)
    return str(p), p.stat().st_mtime if p.exists() else 0.0


@functools.lru_cache(maxsize=32)
def _signer_from(kind: str, files: tuple[tuple[str, float], ...], password: str) -> Any:
    """A pyHanko signer, kept per process while its files are unchanged (the mtimes are in the key)."""
    from pyhanko.sign import signers

    paths = [f for f, _mtime in files]
    secret = password.encode() if password else None
    if kind == "pkcs12":
        signer = signers.SimpleSigner.load_pkcs12(paths[0], passphrase=secret)
    elif kind == "pem":
        signer = signers.SimpleSigner.load(paths[0], paths[1], ca_chain_files=tuple(paths[2:]), key_passphrase=secret)
    else:  # the demo's: key and certificate in one PEM file, issued by the demo CA
        signer = _signer_of(*_load_pem(Path(paths[0])), ca=_load_pem(Path(paths[1]))[1])
    if signer is None:
        raise SigningUnavailable(f"no se pudo leer la clave o el certificado de firma ({', '.join(paths)})")
    return signer


def _signer_of(key: Any, cert: Any, *, ca: Any) -> Any:
    """A pyHanko signer from ``cryptography`` objects (the demo's certificates)."""
    from cryptography.hazmat.primitives import serialization
    from pyhanko.sign import signers
    from pyhanko_certvalidator.registry import SimpleCertificateStore

    der = serialization.Encoding.DER
    return signers.SimpleSigner(
        signing_cert=asn1_x509.Certificate.load(cert.public_bytes(der)),
        signing_key=asn1_keys.PrivateKeyInfo.load(
            key.private_bytes(der, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        ),
        cert_registry=SimpleCertificateStore.from_certs([asn1_x509.Certificate.load(ca.public_bytes(der))]),
    )


def signer_for(body: Any) -> Any:
    """The pyHanko signer of ``body``: its configured certificate, else (demo signing on) its demo one."""
    conf = settings.VENTILA_SIGNING_BODIES.get(body.slug) or {}
    if conf.get("pkcs12"):
        return _signer_from("pkcs12", (_stamp(conf["pkcs12"]),), conf.get("password", ""))
    if conf.get("key") and conf.get("cert"):
        chain_files = [c for c in conf.get("chain", "").split(",") if c]
        files = tuple(_stamp(p) for p in (conf["key"], conf["cert"], *chain_files))
        return _signer_from("pem", files, conf.get("key_password", ""))
    if not settings.VENTILA_SIGNING_DEMO:
        raise SigningUnavailable(
            f"el cuerpo «{body.slug}» no tiene certificado de firma: configure VENTILA_SIGNING_"
            f"{body.slug.upper().replace('-', '_')}_PKCS12 (docs/deploy.md)"
        )
    path = ensure_demo_certificate(body.slug, body.name)
    ca = Path(settings.VENTILA_SIGNING_DIR) / CA_FILE
    return _signer_from("demo", (_stamp(str(path)), _stamp(str(ca))), "")


def trust_roots() -> list[Any]:
    """The CAs validation trusts (asn1crypto certificates)."""
    from pyhanko.keys import load_certs_from_pemder

    files = list(settings.VENTILA_SIGNING_TRUST_ROOTS)
    demo = Path(settings.VENTILA_SIGNING_DIR) / CA_FILE
    if settings.VENTILA_SIGNING_DEMO and demo.exists():
        files.append(str(demo))
    return list(load_certs_from_pemder(files)) if files else []


def validate(data: bytes) -> Any:
    """pyHanko's validation of the (last) signature of ``data`` against :func:`trust_roots`; its
    ``bottom_line`` is true when the file is intact and signed by a trusted certificate. Raises
    ``ValueError`` (or pyHanko's errors) for a file that is not a signed PDF."""
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation.pdf_embedded import async_validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    signatures = PdfFileReader(io.BytesIO(data), strict=False).embedded_signatures
    if not signatures:
        raise ValueError("the PDF carries no signature")
    context = ValidationContext(trust_roots=trust_roots())
    return _run(lambda: async_validate_pdf_signature(signatures[-1], context))


def _run(coroutine: Callable[[], Any]) -> Any:
    """Run pyHanko's coroutine to its end from synchronous code — in a worker thread when this thread
    already runs an event loop (an ASGI server's, a browser test's), where ``asyncio.run`` is refused."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine())
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(coroutine())).result()


# -- rendering and signing -------------------------------------------------------------------------------


def _find_slot(document: Any) -> Slot | None:
    """The box of the element :data:`SLOT_ID` in WeasyPrint's layout, in PDF points (origin bottom left)."""
    for index, page in enumerate(document.pages):
        stack = [page._page_box]
        while stack:
            box = stack.pop()
            element = getattr(box, "element", None)
            if element is not None and getattr(box, "element_tag", None) and element.get("id") == SLOT_ID:
                x, y = box.border_box_x(), box.border_box_y()
                w, h = box.border_width(), box.border_height()
                top = page.height - y
                return Slot(
                    index, (int(x * PX_TO_PT), int((top - h) * PX_TO_PT), int((x + w) * PX_TO_PT), int(top * PX_TO_PT))
                )
            stack.extend(getattr(box, "children", []))
    return None


def render(html_obj: Any, font_config: Any = None, **options: Any) -> tuple[bytes, Slot | None]:
    """Lay out ``html_obj`` (:func:`ventila.documents.pdf.weasy_html`) as its ``write_pdf`` does (the
    caller passes ``pdf_variant``), and return the PDF and the place its template reserved for the signature."""
    from weasyprint import DEFAULT_OPTIONS

    options = {**DEFAULT_OPTIONS, **options}
    document = html_obj.render(font_config, None, None, **options)
    slot = _find_slot(document)  # None: a template that reserves no place (the signature is then invisible)
    return document.write_pdf(None, 1, None, **{k: options[k] for k in DEFAULT_OPTIONS}), slot


def sign(data: bytes, *, body: Any, slot: Slot | None, issued_at: dt.datetime, language: str) -> bytes:
    """Sign ``data`` as PAdES (B-B) with ``body``'s certificate; the visible block in ``slot`` names the
    body and the date of issue (without a slot, a template overridden locally, the signature is
    invisible but still there)."""
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.pdf_utils.text import TextBoxStyle
    from pyhanko.sign import fields, signers
    from pyhanko.stamp import TextStampStyle

    with translation.override(language):
        day = long_date(issued_at.astimezone(PR_TZ).date(), language)
        text = _("Firmado digitalmente por: %(body)s\nFecha: %(day)s") % {"body": body.name, "day": day}
        reason = _("Documento expedido por %(body)s") % {"body": body.name}
    style = TextStampStyle(stamp_text=text.replace("%", "%%"), border_width=1, text_box_style=TextBoxStyle(font_size=8))
    meta = signers.PdfSignatureMetadata(
        field_name=FIELD_NAME,
        subfilter=fields.SigSeedSubFilter.PADES,
        md_algorithm="sha256",
        name=body.name,
        reason=reason,
        location="Puerto Rico",
    )
    pdf_signer = signers.PdfSigner(
        meta,
        signer=signer_for(body),
        stamp_style=style,
        new_field_spec=fields.SigFieldSpec(FIELD_NAME, on_page=slot.page, box=slot.box)
        if slot is not None
        else fields.SigFieldSpec(FIELD_NAME),
    )
    writer = IncrementalPdfFileWriter(io.BytesIO(data), strict=False)
    reserved = reserve_for(pdf_signer.signer)
    return _run(lambda: pdf_signer.async_sign_pdf(writer, bytes_reserved=reserved)).getvalue()


# Room in the PDF for the CMS signature beyond the certificates it carries: the signature value (512 bytes for
# an RSA-4096 key), the signed attributes (content type, message digest, signing time, the signing certificate's
# hash: ≈ 300 bytes) and the DER framing, with a wide margin. Without a figure pyHanko signs a second time, as a
# dry run, only to measure the result (half of a document's signing time).
CMS_OVERHEAD = 8192


def reserve_for(signer: Any) -> int:
    """Bytes to reserve for ``signer``'s CMS object: every certificate it embeds, plus :data:`CMS_OVERHEAD`
    (an even number, as the PDF holds it in hexadecimal)."""
    certificates = [signer.signing_cert, *(signer.cert_registry or ())]
    size = CMS_OVERHEAD + sum(len(c.dump()) for c in certificates if c is not None)
    return size + size % 2


@dataclass(frozen=True)
class Signed:
    """A rendered and signed PDF, not yet recorded: its bytes, their SHA-256 and its link's code."""

    data: bytes
    sha256: str
    code: str


def render_signed(html_for: Any, *, body: Any, issued_at: dt.datetime, language: str = "es", **options: Any) -> Signed:
    """Render (``html_for(verify_url)`` gives the WeasyPrint ``HTML`` with the verification link printed
    in it) and sign. Nothing is written: :func:`record_signed` records it in the issuing transaction."""
    code = new_code()
    data, slot = render(html_for(verify_url(code)), **options)
    signed = sign(data, body=body, slot=slot, issued_at=issued_at, language=language)
    return Signed(signed, hashlib.sha256(signed).hexdigest(), code)


def record_signed(signed: Signed, *, kind: str, body: Any, issued_at: dt.datetime, case: Any = None) -> SignedFile:
    """Record the signed file for ``/verificar/`` and chain it in the audit record. Call it inside the
    issuing transaction, where the caller takes the chain's head (after the case row, if any)."""
    record = SignedFile.objects.create(
        code=signed.code,
        sha256=signed.sha256,
        size=len(signed.data),
        kind=kind,
        body=body,
        case=case,
        issued_at=issued_at,
    )
    chain.append("documents.SignedFile", record)
    return record
