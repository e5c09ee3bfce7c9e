"""Spanish first: an English browser still gets Spanish until the person chooses English."""

from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_english_browser_gets_spanish(client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert page.status_code == 200
    html = page.content.decode()
    assert '<html lang="es">' in html
    assert "Entrar" in html


@pytest.mark.django_db
def test_english_when_chosen(client) -> None:
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<html lang="en">' in html
