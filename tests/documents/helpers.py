"""Small helpers shared by the documents tests."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF, read back with pypdf."""
    return [p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def issue(
    world: Any, case: Any, template: str, *, seq: int = 1, language: str = "es", edits: dict[str, str] | None = None
) -> Any:
    from ventila.documents.actions import do_create_draft, do_issue_document, do_update_draft

    entry = case.entries.get(seq=seq)
    draft = do_create_draft(
        user=world.users["secretaria"], case=case, entry=entry, template=template, language=language
    )
    if edits:
        draft = do_update_draft(draft=draft, title=draft.title, texts=edits)
    return do_issue_document(user=world.users["secretaria"], draft=draft)
