"""The public form to GOV.UK standard in a real browser at 390 px (issue 15): the focus goes to the error
summary after a server-side error, every tap target is 44 px tall or more, the review's summary list
reads in order on a phone and on a desk, and the follow-up key never breaks; axe stays at 0 serious or
critical on each state."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .axe import serious_violations, settle
from .test_filing_browser import _add_evidence, _fill_to_evidence, fill_date

pytestmark = pytest.mark.django_db(transaction=True)

# Everything a person taps in the form: boxes, lists, buttons (and links or summaries acting as them),
# and the hit area of each radio and checkbox (its label, which toggles it). The honeypot and the hidden
# default button are not for people.
TARGETS = """() => {
  const out = [];
  const seen = (e) => { const s = getComputedStyle(e); const r = e.getBoundingClientRect();
                        return s.visibility !== "hidden" && s.display !== "none" && r.width > 2 && r.height > 2; };
  const add = (e, what) => { const r = e.getBoundingClientRect();
                             out.push({what: what + " " + (e.id || e.name || e.textContent.trim().slice(0, 40)),
                                       h: Math.round(r.height * 10) / 10}); };
  const main = document.querySelector("main");
  for (const e of main.querySelectorAll("input, select, textarea, button, a.button, summary")) {
    if (e.closest(".hp") || e.classList.contains("sr-only") || !seen(e)) continue;
    if (e.type === "checkbox" || e.type === "radio") {
      const label = main.querySelector(`label[for="${e.id}"]`);
      if (label && seen(label)) add(label, "label of");
      continue;
    }
    add(e, e.tagName.toLowerCase());
  }
  return out;
}"""


def _small_targets(page: Any) -> list[dict[str, Any]]:
    settle(page)
    targets = page.evaluate(TARGETS)
    assert targets, page.url  # the page's fields and buttons were measured
    return [t for t in targets if t["h"] < 44]


def _continue(page: Any) -> None:
    with page.expect_navigation(wait_until="load"):
        page.get_by_role("button", name="Continuar").click()


def test_after_a_server_side_error_the_focus_is_on_the_error_summary(e2e_world: Any, phone: Any) -> None:
    page = phone
    page.goto("/querellas/etica-camara/")
    assert page.evaluate("document.activeElement === document.body")
    _continue(page)
    page.wait_for_function("document.activeElement && document.activeElement.id === 'errores'")
    assert page.title().startswith("Error: Paso 1 de 5")
    summary = page.locator("#errores")
    assert summary.get_attribute("role") == "alert" and summary.get_attribute("tabindex") == "-1"
    # The summary is in view and its links lead to the fields.
    box = summary.bounding_box()
    assert box is not None and box["y"] < 844
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#errores') !== null")  # the first link in it
    assert serious_violations(page) == []
    # A step without errors leaves the focus alone.
    page.fill("#id_complainant_name", "Ana Ejemplo Ficticia")
    page.fill("#id_complainant_email", "ana@example.org")
    page.fill("#id_complainant_phone", "787-555-0100")
    _continue(page)
    assert not page.title().startswith("Error:") and page.evaluate("document.activeElement === document.body")
    # The date's step with an impossible date: the summary takes the focus and says why.
    page.select_option("#id_respondent_office", index=1)
    _continue(page)
    page.fill("#id_facts", "Hechos.")
    fill_date(page, "31", "2", "2027")
    _continue(page)
    page.wait_for_function("document.activeElement && document.activeElement.id === 'errores'")
    assert "debe ser una fecha real" in page.locator("#errores").inner_text()
    assert page.input_value("#id_knowledge_date") == "31"


def test_every_tap_target_of_the_form_is_at_least_44_px_tall_on_a_phone(
    e2e_world: Any, phone: Any, tmp_path: Path
) -> None:
    page = phone
    found: list[Any] = []
    page.goto("/querellas/")
    found += _small_targets(page)  # the start page's links acting as buttons
    page.goto("/querellas/seguimiento/")
    found += _small_targets(page)
    page.goto("/querellas/etica-camara/")
    found += _small_targets(page)
    phone_box = page.locator("#id_complainant_phone").bounding_box()
    assert phone_box is not None and phone_box["height"] >= 44  # 20 px before
    _continue(page)  # with errors
    found += _small_targets(page)
    page.fill("#id_complainant_name", "Ana Ejemplo Ficticia")
    page.fill("#id_complainant_email", "ana@example.org")
    page.fill("#id_complainant_phone", "787-555-0100")
    _continue(page)
    found += _small_targets(page)  # respondent (the candidacy checkbox)
    page.select_option("#id_respondent_office", index=1)
    _continue(page)
    for g in page.locator("details.provision-group > summary").all():
        g.click()  # every group open: every provision's checkbox measured
    found += _small_targets(page)
    page.fill("#id_facts", "Hechos.")
    fill_date(page, "20", "2", "2027")
    page.check("#id_personal_knowledge")
    page.get_by_label("Nepotismo").check()
    _continue(page)
    _add_evidence(page, tmp_path)
    found += _small_targets(page)  # evidence, with an item and its «Quitar» button
    _continue(page)
    found += _small_targets(page)  # review and oath
    page.check("#id_perjury_acknowledged")
    page.fill("#id_signature", "Ana Ejemplo Ficticia")
    with page.expect_navigation(wait_until="load"):
        page.get_by_role("button", name="Jurar y presentar la querella").click()
    found += _small_targets(page)  # the receipt's «Descargar el acuse en PDF»
    page.goto("/querellas/querellas-municipales/")
    found += _small_targets(page)  # the radios of who files
    assert found == [], found


ROWS = """() => [...document.querySelectorAll(".summary-list .summary-row")].map((row) => {
  const box = (sel) => { const r = row.querySelector(sel).getBoundingClientRect();
                         return {x: r.left, y: r.top + window.scrollY, bottom: r.bottom + window.scrollY}; };
  return {key: row.querySelector("dt").textContent.trim(), dt: box("dt"), dd: box(".summary-value"),
          act: box(".summary-actions")};
})"""


def test_the_review_reads_in_order_on_a_phone_and_on_a_desk(e2e_world: Any, phone: Any, tmp_path: Path) -> None:
    page = phone
    _fill_to_evidence(page, e2e_world)
    _add_evidence(page, tmp_path)
    _continue(page)
    page.get_by_role("heading", name="Revise su querella").wait_for()
    for width in (390, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        settle(page)
        rows = page.evaluate(ROWS)
        keys = [r["key"] for r in rows]
        assert keys[:3] == ["Su nombre", "Dirección postal", "Correo electrónico"] and keys[-2:] == [
            "Evidencia",
            "Testigos",
        ]
        for before, after in zip(rows, rows[1:], strict=False):
            assert before["act"]["bottom"] <= after["dt"]["y"] + 1, (width, before["key"], after["key"])
        for r in rows:
            if width == 390:  # stacked: question, answer, «Cambiar»
                assert r["dt"]["bottom"] <= r["dd"]["y"] + 1 and r["dd"]["bottom"] <= r["act"]["y"] + 1, r
            else:  # one line: question, answer, «Cambiar», left to right
                assert r["dt"]["x"] < r["dd"]["x"] < r["act"]["x"] and abs(r["dt"]["y"] - r["dd"]["y"]) < 2, r
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.set_viewport_size({"width": 390, "height": 844})
    date_row = page.locator(".summary-row").filter(has_text="Fecha en que conoció los hechos")
    assert "20 de febrero de 2027" in date_row.inner_text()
    evidence = page.locator(".summary-row").filter(has_text="Evidencia").inner_text()
    assert re.search(r"\.pdf, \d+(,\d)? (B|kB|MB)\)", evidence), evidence  # a size a person reads, with its unit
    # Each «Cambiar» says to a screen reader what it changes (the rest of its name is visually hidden).
    change = page.locator(".summary-row").filter(has_text="Teléfono").get_by_role("link", name="Cambiar su teléfono")
    assert change.count() == 1 and change.get_attribute("href").endswith("/quien/")
    assert serious_violations(page) == []


def test_the_receipt_keeps_the_key_on_one_line_and_links_the_follow_up(e2e_world: Any, phone: Any) -> None:
    page = phone
    _fill_to_evidence(page, e2e_world)
    _continue(page)
    page.check("#id_perjury_acknowledged")
    page.fill("#id_signature", "Ana Ejemplo Ficticia")
    with page.expect_navigation(wait_until="load"):
        page.get_by_role("button", name="Jurar y presentar la querella").click()
    page.get_by_role("heading", name="Qué pasa ahora").wait_for()
    key = page.locator("#clave")
    assert len(key.inner_text().strip()) == 29
    for width in (320, 390, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        settle(page)
        line = page.evaluate("parseFloat(getComputedStyle(document.getElementById('clave')).lineHeight) || 0")
        box = key.bounding_box()
        rects = page.evaluate("document.getElementById('clave').getClientRects().length")
        assert rects == 1 and (line == 0 or box["height"] <= line * 1.5), (width, box, line)  # one line
        assert box["x"] >= 0 and box["x"] + box["width"] <= width  # inside the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= width, width
    page.set_viewport_size({"width": 390, "height": 844})
    link = page.get_by_role("link", name="/querellas/seguimiento/")
    with page.expect_navigation(wait_until="load"):
        link.click()
    page.get_by_role("heading", name="Seguimiento de su querella").wait_for()
    page.go_back()
    assert page.locator(".next-steps li").count() >= 3
    assert serious_violations(page) == []
