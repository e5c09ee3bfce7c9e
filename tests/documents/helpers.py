"""Small helpers shared by the documents tests."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader


@pytest.fixture(scope="session")
def signing_dir(tmp_path_factory: Any) -> Path:
    """This session's own throwaway CA and body certificates (P-256: made in milliseconds, once)."""
    return Path(tmp_path_factory.mktemp("signing"))


@pytest.fixture
def throwaway_ca(settings: Any, signing_dir: Path) -> Path:
    """Sign with the session's throwaway demo CA (issue 32); validation trusts it and nothing else."""
    settings.VENTILA_SIGNING_DIR = signing_dir
    settings.VENTILA_SIGNING_DEMO = True
    settings.VENTILA_SIGNING_BODIES = {}
    settings.VENTILA_SIGNING_TRUST_ROOTS = []
    return signing_dir


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
