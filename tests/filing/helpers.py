"""Helpers to walk the public form with Django's test client."""

from __future__ import annotations

import io
from typing import Any

from factories import tiny_pdf, tiny_png

PDF = tiny_pdf()  # real files: uploads are parsed before they are accepted
PNG = tiny_png()
# Files that start as one type and are not it (issue 26, finding 9): refused wherever a file is uploaded.
POLYGLOT = b"%PDF-1.4\n<html><script>alert(1)</script></htm"
HOSTILE_FILES = {
    "pdf-polyglot-45-bytes": ("informe.pdf", POLYGLOT),
    "pdf-truncated": ("informe.pdf", tiny_pdf()[:200]),
    "png-header-only": ("foto.png", tiny_png()[:30]),
    "jpeg-header-only": ("foto.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 40),
    "docx-not-a-zip": ("carta.docx", b"PK\x03\x04" + b"\x00" * 26 + b"word/document.xml" + b"\x00" * 40),
}


def upload(name: str, content: bytes) -> Any:
    f = io.BytesIO(content)
    f.name = name
    return f


def camara_steps(
    world: Any,
    *,
    knowledge: str = "2027-02-20",
    email: str = "ana@example.org",
    files: tuple[tuple[str, bytes], ...] = (("prueba.pdf", PDF),),
) -> list[tuple[str, dict[str, Any]]]:
    office = world.respondent.offices.first()
    steps: list[tuple[str, dict[str, Any]]] = [
        (
            "quien",
            {
                "complainant_name": "Ana Ejemplo Ficticia",
                "complainant_address": "Calle Luna 1, San Juan",
                "complainant_email": email,
                "complainant_phone": "787-555-0100",
            },
        ),
        ("querellado", {"respondent_office": str(office.pk)}),
        (
            "hechos",
            {
                "facts": "El 3 de febrero de 2027 vi al querellado usar un vehículo oficial para fines privados.",
                "knowledge_date": knowledge,
                "personal_knowledge": "on",
                "provisions": ["10(i)", "10(r)"],
            },
        ),
    ]
    for name, content in files:
        steps.append(
            (
                "evidencia",
                {
                    "nav": "add_evidence",
                    "ev_kind": "public_documents",
                    "ev_description": f"Documento {name}",
                    "ev_file": upload(name, content),
                },
            )
        )
    steps.append(("evidencia", {"wit_name": "Luis Testigo Ficticio", "wit_address": "Calle Sol 2, Ponce"}))
    steps.append(("juramento", {"nav": "submit", "perjury_acknowledged": "on", "signature": "ana ejemplo ficticia"}))
    return steps


def walk(client: Any, body: str, steps: list[tuple[str, dict[str, Any]]]) -> Any:
    response = None
    for step, data in steps:
        response = client.post(f"/querellas/{body}/{step}/", data)
        assert response.status_code in (302,), (
            step,
            response.status_code,
            response.content.decode()[:3000] if response.status_code != 302 else "",
        )
    return response


def drafts_of(client: Any) -> Any:
    """The drafts the client's browser holds (its signed draft cookie, bound to its CSRF cookie), as
    the step view opens them; ``.save()`` stores changes made to them."""
    from django.middleware.csrf import CsrfViewMiddleware
    from django.test import RequestFactory

    from ventila.filing.draft import DraftBox

    request = RequestFactory().get("/")
    request.COOKIES = {name: morsel.value for name, morsel in client.cookies.items()}
    CsrfViewMiddleware(lambda r: None).process_request(request)
    box = DraftBox.of(request)
    assert not box.refused, box.refused
    return box


def follow_up_key(page: str) -> str:
    """The follow-up key a receipt page shows the complainant."""
    start = page.index('id="clave">') + len('id="clave">')
    return page[start : page.index("<", start)].strip()


def citizen(email: str = "ana@example.org") -> tuple[str, dict[str, Any]]:
    """The municipal form's first step: Ana Ejemplo Ficticia, filing as a citizen."""
    return (
        "quien",
        {"complainant_name": "Ana Ejemplo Ficticia", "complainant_email": email, "complainant_kind": "citizen"},
    )
