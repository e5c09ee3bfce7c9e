"""The compact docket in a browser: each entry one line, opened from the keyboard; the service of a
document folded under it and opened the same way; axe-core finds nothing serious or critical, open
or closed, and nothing scrolls sideways."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from documents.helpers import issue
from factories import file_complaint
from web.helpers import serve

from .axe import serious_violations
from .conftest import signed_in_context


@pytest.fixture
def documents_world(e2e_world: Any) -> Any:
    """``e2e_world`` whose issued documents and their service are removed afterwards (the database
    freezes them, as it does the docket, which ``e2e_world`` then empties)."""
    yield e2e_world
    from django.db import connection, transaction

    from ventila.documents import db_triggers
    from ventila.documents.models import Delivery, DeliveryAttempt, Document, Draft

    with transaction.atomic(), connection.cursor() as cur:
        for sql in db_triggers.drop_statements(connection.vendor):
            cur.execute(sql)
        for model in (DeliveryAttempt, Delivery, Document, Draft):  # table names from the models, no input
            cur.execute(f"DELETE FROM {model._meta.db_table};")  # nosec B608
        for sql in db_triggers.create_statements(connection.vendor):
            cur.execute(sql)


def _case_with_a_served_document(world: Any, now: Any) -> tuple[Any, Any]:
    case = file_complaint(world)
    doc = issue(world, case, "notice_of_complaint")
    now.set("2027-03-03 16:00")
    for name, role, method, day in (
        ("Rafael Quiñones Ficticio", "respondent", "hand", 2),
        ("Ana Ejemplo Ficticia", "complainant", "mail", 3),
    ):
        serve(world, doc, method, dt.date(2027, 3, day), name=name, role=role)
    return case, doc


def test_an_entry_opens_from_the_keyboard_and_the_docket_stays_accessible(
    documents_world: Any, browser: Any, live_server: Any, now: Any
) -> None:
    world = documents_world
    case, _doc = _case_with_a_served_document(world, now)
    issued = case.entries.get(event_type="document_issued")
    attempt = case.entries.filter(event_type="service_attempted").order_by("seq").first()
    context = signed_in_context(browser, live_server, world.users["secretaria"])
    page = context.new_page()
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"/expedientes/{case.number}/")
    entry = page.locator(f"#anotacion-{issued.seq} > details")
    details = entry.locator("> .entry-body")
    assert not details.is_visible()  # one line by default
    assert page.locator(".timeline > li.timeline-item").count() == case.entries.count() - 2  # attempts folded
    found = serious_violations(page)
    # Tab through the page until the entry's summary has the focus, then open it with Enter.
    summary = entry.locator("> summary")
    for _ in range(200):
        page.keyboard.press("Tab")
        if summary.evaluate("el => el === document.activeElement"):
            break
    else:
        raise AssertionError("the entry's summary never took the keyboard focus")
    page.keyboard.press("Enter")
    assert entry.evaluate("el => el.open") and details.is_visible()
    assert "SHA-256 del PDF" in details.inner_text()
    # The attempts under it: each its own line, opened with Space.
    inner = page.locator(f"#anotacion-{attempt.seq} > details")
    assert inner.locator("> summary").is_visible() and not inner.locator("> .entry-body").is_visible()
    inner.locator("> summary").focus()
    page.keyboard.press("Space")
    assert inner.evaluate("el => el.open")
    assert "Entrega personal" in inner.locator("> .entry-body").inner_text()
    found += serious_violations(page)
    # Closed again with the keyboard.
    summary.focus()
    page.keyboard.press("Enter")
    assert not entry.evaluate("el => el.open")
    for width in (320, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        page.evaluate("document.querySelectorAll('.timeline details').forEach((d) => { d.open = true; })")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"the open docket at {width} px is {wide} px wide"
    found += serious_violations(page)
    context.close()
    assert found == [], "\n".join(found)
