"""The secretary issues an API token in the browser, copies it from the page that shows it once, and
revokes it — axe-core (WCAG 2.2 AA) finds no serious or critical violation, nothing scrolls sideways
at 320 px; the API's docs page loads under the CSP (Swagger UI served locally)."""

from __future__ import annotations

from typing import Any

import pytest

from ventila.api.models import ApiToken
from ventila.api.tokens import do_create_client

from .axe import serious_violations
from .conftest import signed_in_context
from .test_accessibility import sideways, submit

pytestmark = pytest.mark.django_db(transaction=True)


def test_issue_and_revoke_an_api_token_in_the_browser(e2e_world: Any, browser: Any, live_server: Any) -> None:
    secretaria = e2e_world.users["secretaria"]
    do_create_client(user=secretaria, name="Oficina de Ética Gubernamental", role="oeg", body=e2e_world.camara)
    context = signed_in_context(browser, live_server, secretaria)
    page = context.new_page()
    found: list[str] = []
    page.goto("/cuerpos/etica-camara/api/")
    found += serious_violations(page) + sideways(page)
    submit(page.locator("button", has_text="Emitir el token"))
    assert "Marque al menos" in page.content() or "obligatorio" in page.content()  # the scopes are required
    page.fill("#id_label", "Sistema de referidos")
    page.check("input[name=scopes][value=referrals]")
    submit(page.locator("button", has_text="Emitir el token"))
    secret = page.locator("code.token-secret").inner_text()
    assert secret.startswith("vnt_")
    found += serious_violations(page) + sideways(page)
    submit(page.locator("button", has_text="Revocar"))
    assert ApiToken.objects.get(label="Sistema de referidos").revoked_at is not None
    assert secret not in page.content()
    page.goto("/api/v1/docs")
    page.wait_for_selector("text=Presentar un referido de la OEG")
    assert found == []
    context.close()
