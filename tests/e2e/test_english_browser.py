"""In English, a case page says nothing in Spanish outside what is Spanish by design (issue 15).

Chromium renders the case page of a late complaint (its terms' "why this date" traces with a
holiday skipped, the CAM-20-06 finding, the docket) with English chosen; every "¿Por qué esta
fecha?" is opened, and the text a person sees — the text nodes that are rendered, outside
``lang="es"`` (the law's quotations) and ``translate="no"`` (names, facts, notes) — is checked by
the same catalogue-and-markers check as the HTTP walk (``tests/web/english_check.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from factories import file_complaint, record
from web.english_check import spanish_in

from .axe import serious_violations
from .conftest import signed_in_context

pytestmark = pytest.mark.django_db(transaction=True)

VISIBLE_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.replace(/\\s+/g, " ").trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('script, style, [lang^="es"], [translate="no"]')) continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    out.push(text);
  }
  return out;
}"""


def test_a_case_page_in_english_shows_no_spanish(e2e_world: Any, browser: Any, live_server: Any, now: Any) -> None:
    from django.conf import settings

    now.set("2027-04-12 09:00")
    world = e2e_world
    case = file_complaint(world, when="2027-03-01 10:15", knowledge="2027-01-02")  # late: CAM-20-06
    record(world, case, "respondent_notified", "2027-03-03")
    context = signed_in_context(browser, live_server, world.users["secretaria"])
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url}])
    page = context.new_page()
    page.goto(f"/expedientes/{case.number}/")
    assert page.locator("html").get_attribute("lang") == "en"
    summaries = page.locator("details > summary", has_text="Why this date?")
    assert summaries.count() >= 2  # the terms' traces are there, in English
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    body = page.locator("body").inner_text()
    assert "does not count" in body and "holiday" in body  # a trace line, translated, is seen
    assert "CAM-20-06" in body and "lack of jurisdiction" in body  # the finding, translated
    assert page.locator('[lang="es"]').count() >= 1  # the rule's quotation stays Spanish, marked
    texts = page.evaluate(VISIBLE_TEXT)
    assert len(texts) > 50
    assert spanish_in(texts) == []
    assert serious_violations(page) == []
    context.close()
